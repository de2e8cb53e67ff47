/**
 * Claude Code's hooks through the whole session against the strict mock: real settings files in a
 * temp home and repository, real bash scripts as hooks, what the model gets in its next request.
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AgentEvent } from '@coding-harness/agent';
import { ScriptBuilder, startMockServer } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseHarnessArgs } from '../args.js';
import { buildHarness } from '../build.js';
import { runSlashCommand } from '../commands.js';
import type { SlashDeps } from '../commands.js';
import { createResultStore } from '../result-store.js';

const undo: (() => unknown)[] = [];
afterEach(async () => {
  for (const f of undo.splice(0).reverse()) await f();
});

const KEY = 'sk-ant-api03-hook-test-secret-value';

/** A temp home and repository, the mock, and `build(argv)`; `script(name, body)` writes an executable hook. */
async function setup(turns: ScriptBuilder) {
  const server = await startMockServer({ script: turns.build() });
  undo.push(() => server.close());
  const root = mkdtempSync(join(tmpdir(), 'claude-hooks-'));
  undo.push(() => rmSync(root, { recursive: true, force: true }));
  const home = join(root, 'home');
  const work = join(root, 'work');
  const bin = join(root, 'bin');
  for (const d of [home, work, bin, join(home, '.claude'), join(work, '.claude')]) mkdirSync(d, { recursive: true });
  const env = {
    ANTHROPIC_BASE_URL: server.url,
    ANTHROPIC_API_KEY: KEY,
    XDG_STATE_HOME: join(root, 'state'),
    XDG_CONFIG_HOME: join(root, 'config'),
    PATH: process.env['PATH'] ?? '/usr/bin:/bin',
  };
  const script = (name: string, body: string): string => {
    const file = join(bin, name);
    writeFileSync(file, `#!/bin/bash\n${body}\n`);
    chmodSync(file, 0o755);
    return file;
  };
  const settings = (where: 'user' | 'project' | 'local', hooks: unknown): void => {
    const file =
      where === 'user'
        ? join(home, '.claude', 'settings.json')
        : join(work, '.claude', where === 'project' ? 'settings.json' : 'settings.local.json');
    writeFileSync(file, `// written by the test\n${JSON.stringify({ hooks }, null, 2)}\n`);
  };
  const build = async (argv: string[] = []) => {
    const parsed = parseHarnessArgs(['-C', work, '--no-sandbox', ...argv]);
    if (!parsed.ok) throw new Error(parsed.message);
    const harness = await buildHarness(parsed.flags, env, { home, cwd: root });
    undo.push(() => harness.close());
    return harness;
  };
  const requestText = (i: number): string => JSON.stringify(server.messageRequests()[i]?.body ?? null);
  return { server, root, home, work, bin, script, settings, build, requestText };
}

async function collect(events: AsyncIterable<AgentEvent>): Promise<AgentEvent[]> {
  const out: AgentEvent[] = [];
  for await (const e of events) out.push(e);
  return out;
}

const one = (event: string, command: string, matcher?: string, timeout?: number) => ({
  [event]: [
    {
      ...(matcher !== undefined ? { matcher } : {}),
      hooks: [{ type: 'command', command, ...(timeout ? { timeout } : {}) }],
    },
  ],
});

describe('PreToolUse', () => {
  it('exit 2 blocks a bash call; its stderr is the result the model gets; the hook saw Claude Code input, no API key', async () => {
    const t = await setup(new ScriptBuilder().toolUse('bash', { command: 'touch ran.txt' }).text('ok'));
    const seen = join(t.root, 'seen.json');
    const envFile = join(t.root, 'env.txt');
    const hook = t.script(
      'guard.sh',
      `cat > '${seen}'\nenv > '${envFile}'\necho "no touching in this repository" >&2\nexit 2`,
    );
    t.settings('user', one('PreToolUse', hook, 'Bash'));
    const harness = await t.build(['--allowed-tools', 'Bash']);
    const events = await collect(harness.agent.send('make a file'));
    expect(existsSync(join(t.work, 'ran.txt'))).toBe(false);
    expect(t.requestText(1)).toContain('no touching in this repository');
    const finished = events.find((e) => e.type === 'tool_call_finished');
    expect(finished).toMatchObject({ name: 'bash', isError: true });
    const input = JSON.parse(readFileSync(seen, 'utf8')) as Record<string, unknown>;
    expect(input).toMatchObject({
      session_id: harness.agent.sessionId,
      cwd: t.work,
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      tool_input: { command: 'touch ran.txt' },
      permission_mode: 'default',
    });
    expect(String(input['transcript_path'])).toMatch(new RegExp(`${harness.agent.sessionId}\\.jsonl$`));
    const env = readFileSync(envFile, 'utf8');
    expect(env).toContain(`CLAUDE_PROJECT_DIR=${t.work}\n`);
    expect(env).not.toContain(KEY);
    expect(env).not.toContain('ANTHROPIC_API_KEY');
  });

  it('JSON output: deny with a reason, updatedInput in Claude Code field names, allow without a question', async () => {
    const t = await setup(
      new ScriptBuilder()
        .toolUse('read_file', { path: 'a.txt' })
        .toolUse('write_file', { path: 'out.txt', content: 'x' })
        .toolUse('bash', { command: 'rm -rf /' })
        .text('done'),
    );
    writeFileSync(join(t.work, 'a.txt'), 'from a\n');
    writeFileSync(join(t.work, 'b.txt'), 'from b\n');
    const rewrite = t.script(
      'rewrite.sh',
      `echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","updatedInput":{"file_path":"${join(t.work, 'b.txt')}"}}}'`,
    );
    const allow = t.script('allow.sh', `echo '{"hookSpecificOutput":{"permissionDecision":"allow"}}'`);
    const deny = t.script(
      'deny.sh',
      `echo '{"hookSpecificOutput":{"permissionDecision":"deny","permissionDecisionReason":"never rm -rf"}}'`,
    );
    t.settings('user', {
      PreToolUse: [
        { matcher: 'Read', hooks: [{ type: 'command', command: rewrite }] },
        { matcher: 'Write|Edit', hooks: [{ type: 'command', command: allow }] },
        { matcher: 'Bash', hooks: [{ type: 'command', command: deny }] },
      ],
    });
    const harness = await t.build();
    const events = await collect(harness.agent.send('go'));
    expect(events.filter((e) => e.type === 'approval_requested')).toEqual([]);
    expect(t.requestText(1)).toContain('from b');
    expect(readFileSync(join(t.work, 'out.txt'), 'utf8')).toBe('x');
    expect(t.requestText(3)).toContain('A PreToolUse hook denied this call: never rm -rf');
  });
});

describe('PostToolUse, UserPromptSubmit, SessionStart, Stop', () => {
  it('PostToolUse additionalContext and decision block reach the model with the tool result', async () => {
    const t = await setup(new ScriptBuilder().toolUse('bash', { command: 'echo hi' }).text('ok'));
    const hook = t.script(
      'post.sh',
      `read -r line; echo '{"decision":"block","reason":"run the linter next","hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"the build is green"}}'`,
    );
    t.settings('user', one('PostToolUse', hook, '*'));
    const harness = await t.build(['--allowed-tools', 'Bash']);
    await collect(harness.agent.send('go'));
    const sent = t.requestText(1);
    expect(sent).toContain('PostToolUse hook feedback: run the linter next');
    expect(sent).toContain('PostToolUse hook additional context: the build is green');
  });

  it('SessionStart and UserPromptSubmit stdout is context in the first request; exit 2 blocks the next prompt', async () => {
    const t = await setup(new ScriptBuilder().text('ok').text('never'));
    const start = t.script(
      'start.sh',
      `source=$(cat); echo "branch main; started by $(echo "$source" | grep -o '"source":"[a-z]*"')"`,
    );
    const prompt = t.script(
      'prompt.sh',
      `input=$(cat); if echo "$input" | grep -q secret; then echo "no secrets in prompts" >&2; exit 2; fi; echo "today is a holiday"`,
    );
    t.settings('user', { ...one('SessionStart', start), ...one('UserPromptSubmit', prompt) });
    const harness = await t.build();
    await collect(harness.agent.send('hello'));
    const first = t.requestText(0);
    expect(first).toContain('SessionStart hook additional context: branch main; started by \\"source\\":\\"startup\\"');
    expect(first).toContain('UserPromptSubmit hook additional context: today is a holiday');
    const blocked = await collect(harness.agent.send('my secret is 42'));
    expect(blocked.find((e) => e.type === 'turn_end')).toMatchObject({ stopReason: 'blocked' });
    expect(JSON.stringify(blocked)).toContain('no secrets in prompts');
    expect(t.server.messageRequests()).toHaveLength(1);
  });

  it('a Stop hook sends the turn on once (stop_hook_active is true the second time)', async () => {
    const t = await setup(new ScriptBuilder().text('first answer').text('second answer'));
    const hook = t.script(
      'stop.sh',
      `if cat | grep -q '"stop_hook_active":true'; then exit 0; fi; echo '{"decision":"block","reason":"also update the changelog"}'`,
    );
    t.settings('user', one('Stop', hook));
    const harness = await t.build();
    const events = await collect(harness.agent.send('fix it'));
    expect(t.server.messageRequests()).toHaveLength(2);
    expect(t.requestText(1)).toContain('Stop hook feedback: also update the changelog');
    expect(events.find((e) => e.type === 'turn_end')).toMatchObject({ stopReason: 'end_turn' });
  });
});

describe('the session events', () => {
  it('a Notification hook slower than the turn still runs to its end (the turn ending does not kill it)', async () => {
    const t = await setup(new ScriptBuilder().toolUse('bash', { command: 'touch asked.txt' }).text('done'));
    const log = join(t.root, 'notified.txt');
    const slow = t.script('slow.sh', `cat > /dev/null; sleep 1; echo notified >> '${log}'`);
    t.settings('user', { Notification: [{ hooks: [{ type: 'command', command: slow }] }] });
    const harness = await t.build();
    let asked = 0;
    for await (const e of harness.agent.send('run it')) {
      if (e.type !== 'approval_requested') continue;
      asked++;
      harness.agent.answer(e.requestId, { type: 'once' });
    }
    expect(asked).toBe(1);
    // The turn is over well before the hook's second has passed.
    expect(existsSync(log)).toBe(false);
    await vi.waitFor(() => expect(existsSync(log)).toBe(true), { timeout: 15_000 });
    await harness.close();
  });

  it('SessionStart (startup, clear, compact), SessionEnd (clear, at close), PreCompact and Notification get their input', async () => {
    const t = await setup(
      new ScriptBuilder()
        .toolUse('bash', { command: 'touch asked.txt' })
        .text('one')
        .text('two')
        .text('three')
        .text('SUMMARY')
        .text('four'),
    );
    const log = join(t.root, 'events.jsonl');
    const logger = t.script(
      'log.sh',
      `input=$(cat); echo "$input" >> '${log}'; echo "context for $(echo "$input" | grep -o 'source":"[a-z]*')"`,
    );
    const all = Object.fromEntries(
      ['SessionStart', 'SessionEnd', 'PreCompact', 'Notification'].map((e) => [
        e,
        [{ hooks: [{ type: 'command', command: logger }] }],
      ]),
    );
    t.settings('user', all);
    const harness = await t.build();
    const first: AgentEvent[] = [];
    for await (const e of harness.agent.send('run it')) {
      first.push(e);
      if (e.type === 'approval_requested') harness.agent.answer(e.requestId, { type: 'once' });
    }
    expect(first.filter((e) => e.type === 'approval_requested')).toHaveLength(1);
    const firstId = harness.agent.sessionId;
    harness.agent.clear();
    await collect(harness.agent.send('again'));
    await collect(harness.agent.send('and again'));
    await collect(harness.agent.compact({ focus: 'keep the file names' }));
    await collect(harness.agent.send('after'));
    const secondId = harness.agent.sessionId;
    await harness.close();
    const read = () =>
      readFileSync(log, 'utf8')
        .split('\n')
        .filter((l) => l.trim() !== '')
        .map((l) => JSON.parse(l) as Record<string, unknown>);
    // Notification is an observer the question does not wait for: it may finish at any point after.
    await vi.waitFor(() => expect(read().some((e) => e['hook_event_name'] === 'Notification')).toBe(true), {
      timeout: 10_000,
    });
    const logged = read();
    const notification = logged.find((e) => e['hook_event_name'] === 'Notification');
    expect(notification).toMatchObject({
      session_id: firstId,
      notification_type: 'permission_prompt',
      message: 'Claude needs your permission to use Bash',
    });
    const seen = logged.filter((e) => e !== notification);
    const summary = seen.map((e) => [
      e['hook_event_name'],
      e['session_id'] === firstId ? 1 : e['session_id'] === secondId ? 2 : '?',
      e['source'] ?? e['reason'] ?? e['trigger'],
    ]);
    expect(summary).toEqual([
      ['SessionStart', 1, 'startup'],
      ['SessionEnd', 1, 'clear'],
      ['SessionStart', 2, 'clear'],
      ['PreCompact', 2, 'manual'],
      ['SessionStart', 2, 'compact'],
      ['SessionEnd', 2, 'other'],
    ]);
    expect(seen[3]).toMatchObject({ custom_instructions: 'keep the file names' });
    // The compaction's SessionStart context is put back after the summary.
    expect(t.requestText(4)).toContain('SessionStart hook additional context: context for source\\":\\"clear');
    expect(t.requestText(5)).toContain('context for source\\":\\"compact');
    // The model compacts on the API's side: the request after it starts from the signed summary block.
    expect(t.requestText(5)).toContain('"type":"compaction"');
  });
});

describe('SubagentStop', () => {
  it("sends a fork skill's subagent on once with the hook's reason; its final text is the skill's result", async () => {
    const t = await setup(
      new ScriptBuilder().toolUse('skill', { name: 'survey' }).text('FIRST DRAFT').text('CHECKED ANSWER').text('done'),
    );
    const dir = join(t.home, '.claude', 'skills', 'survey');
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'SKILL.md'),
      '---\nname: survey\ndescription: a survey\ncontext: fork\n---\nLook around.\n',
    );
    const input = join(t.root, 'subagent-stop.json');
    const hook = t.script(
      'substop.sh',
      `cat > '${input}'; if grep -q '"stop_hook_active":true' '${input}'; then exit 0; fi; echo '{"decision":"block","reason":"double-check the numbers"}'`,
    );
    t.settings('user', one('SubagentStop', hook));
    const harness = await t.build();
    await collect(harness.agent.send('survey it'));
    expect(t.requestText(2)).toContain('SubagentStop hook feedback: double-check the numbers');
    expect(t.requestText(3)).toContain('CHECKED ANSWER');
    expect(t.requestText(3)).not.toContain('FIRST DRAFT');
    expect(JSON.parse(readFileSync(input, 'utf8'))).toMatchObject({
      hook_event_name: 'SubagentStop',
      stop_hook_active: true,
      agent_name: 'skill survey',
      last_assistant_message: 'CHECKED ANSWER',
    });
  });
});

describe('sources and trust', () => {
  const slashDeps = (harness: Awaited<ReturnType<Awaited<ReturnType<typeof setup>>['build']>>): SlashDeps => ({
    controls: harness.controls,
    skills: () => [],
    skillsEnabled: false,
    clear: () => '',
    resume: async () => undefined,
    compact: async () => ({ kind: 'compact', compacted: false }),
    results: createResultStore(),
  });

  it("an untrusted repository's hooks are listed, never run; --trust runs them", async () => {
    const t = await setup(new ScriptBuilder().text('one').text('two').text('three'));
    const marker = join(t.root, 'ran');
    t.settings('project', one('UserPromptSubmit', `touch '${marker}'`));
    const untrusted = await t.build();
    expect(untrusted.startupMessages.join('\n')).toContain('1 hook of this repository not run');
    await collect(untrusted.agent.send('hi'));
    expect(existsSync(marker)).toBe(false);
    const listed = await runSlashCommand('hooks', slashDeps(untrusted));
    expect(listed).toMatchObject({
      kind: 'hooks',
      hooks: [{ event: 'UserPromptSubmit', source: 'project settings', runs: false }],
    });
    const trusted = await t.build(['--trust']);
    await collect(trusted.agent.send('hi'));
    expect(existsSync(marker)).toBe(true);
    // The trust is recorded; --untrusted still runs none of the repository's hooks.
    rmSync(marker);
    const once = await t.build(['--untrusted']);
    await collect(once.agent.send('hi'));
    expect(existsSync(marker)).toBe(false);
  });

  it('names a settings file that does not parse with its line, and an unknown event, and still runs the rest', async () => {
    const t = await setup(new ScriptBuilder().text('ok'));
    writeFileSync(join(t.home, '.claude', 'settings.json'), '{\n  "hooks": {\n    "Stop": [,\n}');
    t.settings('local', { ...one('PermissionRequest', 'echo never'), ...one('UserPromptSubmit', 'echo from local') });
    const harness = await t.build(['--trust']);
    const said = harness.startupMessages.join('\n');
    expect(said).toMatch(/settings\.json:3: \w+; the file was skipped/);
    expect(said).toContain('hook event "PermissionRequest" is not run by this harness');
    await collect(harness.agent.send('hi'));
    expect(t.requestText(0)).toContain('from local');
  });

  it('hooks come from the one settings loader: hooks in a --settings JSON object run and are listed', async () => {
    const t = await setup(new ScriptBuilder().text('ok'));
    const harness = await t.build(['--settings', JSON.stringify({ hooks: one('UserPromptSubmit', 'echo from flag') })]);
    await collect(harness.agent.send('hi'));
    expect(t.requestText(0)).toContain('from flag');
    const listed = await runSlashCommand('hooks', slashDeps(harness));
    expect(listed).toMatchObject({
      kind: 'hooks',
      hooks: [{ event: 'UserPromptSubmit', source: '--settings', runs: true }],
    });
  });

  it('a hook that outlives its timeout is stopped and said; the turn goes on', async () => {
    const t = await setup(new ScriptBuilder().text('ok'));
    t.settings('user', one('UserPromptSubmit', 'sleep 30', undefined, 0.5));
    const harness = await t.build();
    const events = await collect(harness.agent.send('hi'));
    expect(events.filter((e) => e.type === 'notice').map((e) => (e as { message: string }).message)).toContain(
      'UserPromptSubmit hook `sleep 30` (user settings) timed out after 0.5s and was stopped',
    );
    expect(t.server.messageRequests()).toHaveLength(1);
  });

  it("a skill's hooks: run only once the skill is loaded", async () => {
    const t = await setup(
      new ScriptBuilder()
        .text('before')
        .toolUse('skill', { name: 'guarded' })
        .toolUse('bash', { command: 'echo hi' })
        .text('after'),
    );
    const dir = join(t.home, '.claude', 'skills', 'guarded');
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'SKILL.md'),
      [
        '---',
        'name: guarded',
        'description: a skill with a guard',
        'hooks:',
        '  PreToolUse:',
        '    - matcher: Bash',
        '      hooks:',
        '        - type: command',
        '          command: echo "the guarded skill forbids bash" >&2; exit 2',
        '---',
        'Body.',
      ].join('\n'),
    );
    const harness = await t.build(['--allowed-tools', 'Bash']);
    const listing = await runSlashCommand('hooks', slashDeps(harness));
    expect(listing).toMatchObject({
      hooks: [{ source: 'skill guarded', note: 'runs while the skill guarded is loaded' }],
    });
    await collect(harness.agent.send('first'));
    await collect(harness.agent.send('second'));
    expect(t.requestText(3)).toContain('the guarded skill forbids bash');
  });
});
