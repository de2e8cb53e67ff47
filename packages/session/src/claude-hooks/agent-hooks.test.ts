/**
 * A custom agent's `hooks:` frontmatter through the whole session against the strict mock: a
 * real agent file in a temp home, real bash scripts as hooks, what the model gets next. They run
 * inside that agent's thread only; its Stop hooks run as SubagentStop when it finishes.
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AgentEvent } from '@coding-harness/agent';
import { ScriptBuilder, startMockServer } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { parseHarnessArgs } from '../args.js';
import { buildHarness } from '../build.js';

const undo: (() => unknown)[] = [];
afterEach(async () => {
  for (const f of undo.splice(0).reverse()) await f();
});

async function setup(turns: ScriptBuilder) {
  const server = await startMockServer({ script: turns.build() });
  undo.push(() => server.close());
  const root = mkdtempSync(join(tmpdir(), 'agent-hooks-'));
  undo.push(() => rmSync(root, { recursive: true, force: true }));
  const home = join(root, 'home');
  const work = join(root, 'work');
  for (const d of [home, work, join(home, '.claude', 'agents')]) mkdirSync(d, { recursive: true });
  const env = {
    ANTHROPIC_BASE_URL: server.url,
    ANTHROPIC_API_KEY: 'sk-ant-api03-agent-hooks-test',
    XDG_STATE_HOME: join(root, 'state'),
    XDG_CONFIG_HOME: join(root, 'config'),
    PATH: process.env['PATH'] ?? '/usr/bin:/bin',
  };
  const script = (name: string, body: string): string => {
    const file = join(root, name);
    writeFileSync(file, `#!/bin/bash\n${body}\n`);
    chmodSync(file, 0o755);
    return file;
  };
  const build = async (argv: string[] = []) => {
    const parsed = parseHarnessArgs(['-C', work, '--no-sandbox', ...argv]);
    if (!parsed.ok) throw new Error(parsed.message);
    const harness = await buildHarness(parsed.flags, env, { home, cwd: root });
    undo.push(() => harness.close());
    return harness;
  };
  const requestText = (i: number): string => JSON.stringify(server.messageRequests()[i]?.body ?? null);
  return { server, root, home, work, script, build, requestText };
}

async function collect(events: AsyncIterable<AgentEvent>): Promise<AgentEvent[]> {
  const out: AgentEvent[] = [];
  for await (const e of events) out.push(e);
  return out;
}

const agentCall = { description: 'guarded work', prompt: 'make a file', subagent_type: 'guard' };

describe("a custom agent's hooks", () => {
  it('PreToolUse blocks in its thread only; Stop runs as SubagentStop and sends it on once', async () => {
    const t = await setup(
      new ScriptBuilder()
        .toolUse('agent', agentCall)
        .toolUse('bash', { command: 'touch in-agent.txt' })
        .text('FIRST DRAFT')
        .text('CHECKED ANSWER')
        .text('done')
        .toolUse('bash', { command: 'touch in-main.txt' })
        .text('ok'),
    );
    const stopInput = join(t.root, 'stop.json');
    const guard = t.script('guard.sh', 'cat > /dev/null\necho "the guard agent may not run commands" >&2\nexit 2');
    const stop = t.script(
      'stop.sh',
      `cat > '${stopInput}'; if grep -q '"stop_hook_active":true' '${stopInput}'; then exit 0; fi; echo '{"decision":"block","reason":"check it again"}'`,
    );
    writeFileSync(
      join(t.home, '.claude', 'agents', 'guard.md'),
      `---\nname: guard\ndescription: guarded\nhooks:\n  PreToolUse:\n    - matcher: Bash\n      hooks:\n        - type: command\n          command: ${guard}\n  Stop:\n    - hooks:\n        - type: command\n          command: ${stop}\n---\nYou are careful.\n`,
    );
    const harness = await t.build(['--allowed-tools', 'Bash']);
    await collect(harness.agent.send('delegate'));
    expect(existsSync(join(t.work, 'in-agent.txt'))).toBe(false);
    expect(t.requestText(2)).toContain('the guard agent may not run commands');
    expect(t.requestText(3)).toContain('SubagentStop hook feedback: check it again');
    expect(t.requestText(4)).toContain('CHECKED ANSWER');
    expect(JSON.parse(readFileSync(stopInput, 'utf8'))).toMatchObject({
      hook_event_name: 'SubagentStop',
      stop_hook_active: true,
      last_assistant_message: 'CHECKED ANSWER',
    });
    // The main agent's own calls are not the agent's: its hooks do not run for them.
    await collect(harness.agent.send('now yourself'));
    expect(existsSync(join(t.work, 'in-main.txt'))).toBe(true);
    expect(t.requestText(6)).not.toContain('may not run commands');
  });

  it('an event an agent cannot have is said once the agent runs; its other hooks still run', async () => {
    const t = await setup(
      new ScriptBuilder()
        .toolUse('agent', agentCall)
        .toolUse('bash', { command: 'touch in-agent.txt' })
        .text('answer')
        .text('done'),
    );
    const guard = t.script('guard.sh', 'cat > /dev/null\necho "no" >&2\nexit 2');
    writeFileSync(
      join(t.home, '.claude', 'agents', 'guard.md'),
      `---\nname: guard\ndescription: guarded\nhooks:\n  SessionStart:\n    - hooks:\n        - type: command\n          command: ${guard}\n  PreToolUse:\n    - hooks:\n        - type: command\n          command: ${guard}\n---\nP\n`,
    );
    const harness = await t.build(['--allowed-tools', 'Bash']);
    const events = await collect(harness.agent.send('delegate'));
    expect(existsSync(join(t.work, 'in-agent.txt'))).toBe(false);
    const notices = events.filter((e) => e.type === 'notice').map((e) => (e as { message: string }).message);
    expect(notices.join('\n')).toMatch(
      /agent guard: hooks: .*guard\.md \(agent guard\): hook event "SessionStart" is not run for an agent/,
    );
  });
});
