import { describe, expect, it } from 'vitest';
import { MCP_DEFAULT, mcpKey, mcpQuestionLines } from './mcp-question.js';

const question = { repo: '/w/repo', source: '/w/repo/.mcp.json', name: 'db', runs: 'npx -y db-server', remaining: 1 };

describe("the TUI's question about a repository's MCP server", () => {
  it('starts on "no", moves with the arrows and answers with Enter or a letter', () => {
    expect(mcpKey(MCP_DEFAULT, 'return', '\r')).toEqual({ type: 'answer', answer: 'skip' });
    expect(mcpKey(MCP_DEFAULT, 'up', undefined)).toEqual({ type: 'select', selected: 0 });
    expect(mcpKey(0, 'return', '\r')).toEqual({ type: 'answer', answer: 'approve' });
    expect(mcpKey(1, 'y', 'y')).toEqual({ type: 'answer', answer: 'approve' });
    expect(mcpKey(1, 'a', 'a')).toEqual({ type: 'answer', answer: 'approve-all' });
    expect(mcpKey(1, 'escape', undefined)).toEqual({ type: 'answer', answer: 'skip' });
    expect(mcpKey(1, 'c', '\x03')).toEqual({ type: 'answer', answer: 'skip' });
    expect(mcpKey(1, 'q', 'q')).toEqual({ type: 'select', selected: 1 });
  });

  it('names the server, its file and what it runs (control characters escaped); "all" only when more follow', () => {
    const lines = mcpQuestionLines({ ...question, name: 'd\x1bb' }, MCP_DEFAULT);
    expect(lines[0]).toBe("New MCP server in this repository's /w/repo/.mcp.json: d\\x1bb");
    expect(lines[1]).toBe('  runs: npx -y db-server');
    expect(lines.filter((l) => l.startsWith('›'))).toEqual(['› [n] No: not this time (asked again next time)']);
    expect(lines.some((l) => l.includes('[a] All'))).toBe(true);
    expect(mcpQuestionLines({ ...question, remaining: 0 }, 0).some((l) => l.includes('[a] All'))).toBe(false);
  });
});
