/**
 * MCP prompts, resources and elicitation through the built bin, against the real
 * server-everything over stdio and the mock Messages API: `/mcp__everything__args-prompt Paris`
 * is the prompt's message, a missing argument is refused naming it, `@everything:<uri>` attaches
 * the resource (and a failing one is a notice while the message still goes), and in the REPL a
 * server's question is answered field by field on the input.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { body, childEnv, cleanup, makeSandbox, mock, run, start, toolResults } from './test-support/cli.js';

afterEach(cleanup);

const require = createRequire(import.meta.url);
const EVERYTHING = join(
  dirname(require.resolve('@modelcontextprotocol/server-everything/package.json')),
  'dist/index.js',
);
const config = JSON.stringify({
  mcpServers: { everything: { command: process.execPath, args: [EVERYTHING, 'stdio'] } },
});

/** The last user message of a request as one text (a system note about arrived tools may follow it). */
function userText(request: Parameters<typeof body>[0]): string {
  const last = body(request)
    .messages.filter((m) => m.role === 'user')
    .at(-1);
  if (typeof last?.content === 'string') return last.content;
  return (last?.content ?? []).map((b) => (typeof b.text === 'string' ? b.text : `[${String(b.type)}]`)).join('\n');
}

describe('MCP prompts as slash commands (harness -p)', () => {
  it("a prompt's words bind to its arguments and its result is the user's message", async () => {
    const box = makeSandbox();
    const server = await mock(new ScriptBuilder().text('sunny').build());
    const res = await run(
      ['-C', box.work, '-p', '/mcp__everything__args-prompt "Paris" Texas', '--no-sandbox', '--mcp-config', config],
      { env: childEnv(box, server) },
    );
    expect(res.stderr).not.toContain('error');
    expect(res).toMatchObject({ code: 0, stdout: 'sunny\n' });
    expect(userText(server.messageRequests()[0])).toBe("What's weather in Paris, Texas?");
  });

  it('a missing required argument names the prompt and the argument, and nothing is sent', async () => {
    const box = makeSandbox();
    const server = await mock(new ScriptBuilder().text('never').build());
    const res = await run(
      ['-C', box.work, '-p', '/mcp__everything__args-prompt', '--no-sandbox', '--mcp-config', config],
      {
        env: childEnv(box, server),
      },
    );
    expect(res.code).not.toBe(0);
    expect(res.stderr).toContain('/mcp__everything__args-prompt needs the argument city');
    expect(server.messageRequests()).toHaveLength(0);
  });

  it('an embedded resource of a prompt is attached after its text', async () => {
    const box = makeSandbox();
    const server = await mock(new ScriptBuilder().text('ok').build());
    const res = await run(
      ['-C', box.work, '-p', '/mcp__everything__resource-prompt Text 4', '--no-sandbox', '--mcp-config', config],
      { env: childEnv(box, server) },
    );
    expect(res.code).toBe(0);
    const text = userText(server.messageRequests()[0]);
    expect(text).toContain('This prompt includes the Text resource with id: 4');
    expect(text).toMatch(/\[resource demo:\/\/resource\/dynamic\/text\/4\]\nResource 4: This is a plaintext resource/);
  });
});

describe('MCP resources as @server:uri mentions (harness -p)', () => {
  it('attaches the resource; one that fails is a notice (shown with --verbose) and the message still goes', async () => {
    const box = makeSandbox();
    const server = await mock(new ScriptBuilder().text('read it').build());
    const res = await run(
      [
        '-C',
        box.work,
        '-p',
        'summarise @everything:demo://resource/static/document/architecture.md and @everything:demo://nothing/here',
        '--no-sandbox',
        '--mcp-config',
        config,
        '--verbose',
      ],
      { env: childEnv(box, server) },
    );
    expect(res).toMatchObject({ code: 0, stdout: 'read it\n' });
    expect(res.stderr).toMatch(
      /attached @everything:demo:\/\/resource\/static\/document\/architecture\.md \(\d+ characters\)/,
    );
    expect(res.stderr).toContain('@everything:demo://nothing/here not attached:');
    const text = userText(server.messageRequests()[0]);
    expect(text).toContain('summarise @everything:demo://resource/static/document/architecture.md');
    expect(text).toContain('[resource demo://resource/static/document/architecture.md]');
  });
});

describe('MCP elicitation in the REPL', () => {
  it("a server's question is asked field by field and the answer reaches the server", async () => {
    const box = makeSandbox();
    const server = await mock(
      new ScriptBuilder()
        .toolUse('mcp_call', { tool: 'mcp__everything__trigger-elicitation-request', arguments: {} })
        .text('thanks')
        .build(),
    );
    // The prompt, then the form: name, check (yes), a bad integer asked again... the rest by default.
    const answers = ['ask me', 'Ada', 'yes', '', '', '', '', 'many', '7', '', '', '', '', '', ''];
    const cli = start(['-C', box.work, '--no-sandbox', '--mcp-config', config, '--allowed-tools', 'mcp__everything'], {
      env: childEnv(box, server),
      stdin: `${answers.join('\n')}\n`,
    });
    const res = await cli.exited;
    expect(res.stdout).toContain('MCP server everything asks: Please provide inputs for the following fields:');
    expect(res.stdout).toContain('Integer: a whole number');
    expect(res.stdout).toContain('answered everything: accept');
    const result = JSON.stringify(toolResults(server.messageRequests()[1]));
    expect(result).toContain('- Name: Ada');
    expect(result).toContain('- Agreed to terms: true');
    expect(result).toContain('- Favorite Integer: 7');
    expect(result).toContain('- Favorite Number: 3.14');
  });
});
