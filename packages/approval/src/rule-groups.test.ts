// Rules naming a group of tools (an MCP server's: `mcp__github`) as Claude Code writes them.
import { describe, expect, it } from 'vitest';
import { createPolicy } from './policy.js';
import type { ApprovalRequest, RuleTool } from './types.js';
import { TOOLS } from './rule-tools.test-helpers.js';

const entry = (name: string, group?: string): RuleTool => ({
  name,
  kind: 'exec',
  ruleNames: [],
  pathFields: [],
  specifier: 'none',
  deniedWith: [],
  ...(group !== undefined ? { group } : {}),
});
/** The server's own entry (so `mcp__github` parses) and, as the agent sends it, each tool's entry on the request. */
const table = [...TOOLS, entry('mcp__github'), entry('mcp__github__create_issue', 'mcp__github')];
const call = (tool: string): ApprovalRequest => ({
  tool,
  kind: 'exec',
  input: {},
  summary: tool,
  target: tool,
  ruleTool: entry(tool, 'mcp__github'),
});

describe('rules naming a group of tools', () => {
  it('a server rule allows every tool of that server, including tools that arrived after the start', () => {
    const policy = createPolicy({ tools: table, allow: ['mcp__github'] });
    expect(policy.decide(call('mcp__github__create_issue')).type).toBe('allow');
    expect(policy.decide(call('mcp__github__list_repos')).type).toBe('allow');
    expect(policy.decide({ ...call('mcp__gitlab__x'), ruleTool: entry('mcp__gitlab__x', 'mcp__gitlab') }).type).toBe(
      'ask',
    );
  });
  it('a tool rule allows that tool only', () => {
    const policy = createPolicy({ tools: table, allow: ['mcp__github__create_issue'] });
    expect(policy.decide(call('mcp__github__create_issue')).type).toBe('allow');
    expect(policy.decide(call('mcp__github__list_repos')).type).toBe('ask');
  });
  it('a server deny rule beats a tool allow rule', () => {
    const policy = createPolicy({ tools: table, allow: ['mcp__github__create_issue'], deny: ['mcp__github'] });
    const decision = policy.decide(call('mcp__github__create_issue'));
    expect(decision.type).toBe('deny');
    expect(decision.type === 'deny' && decision.message).toContain('mcp__github');
  });
});
