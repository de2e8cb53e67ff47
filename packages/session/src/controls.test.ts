/** The session commands through the one table, on a harness built by buildHarness against the real mock server. */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AgentEvent } from '@coding-harness/agent';
import { ScriptBuilder, startMockServer } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { parseHarnessArgs } from './args.js';
import { buildHarness } from './build.js';
import type { Harness } from './build.js';
import type { SessionEvent, SlashResult } from '@coding-harness/protocol';
import { sessionOver } from './session.js';
import { formatSlashResult } from './slash-format.js';

const undo: (() => unknown)[] = [];
afterEach(async () => {
  for (const f of undo.splice(0).reverse()) await f();
});

async function session(script: ScriptBuilder, argv: string[] = []) {
  const server = await startMockServer({ script: script.build() });
  undo.push(() => server.close());
  const root = mkdtempSync(join(tmpdir(), 'session-controls-'));
  undo.push(() => rmSync(root, { recursive: true, force: true }));
  const work = join(root, 'work');
  mkdirSync(work);
  const env = {
    ANTHROPIC_BASE_URL: server.url,
    XDG_STATE_HOME: join(root, 'state'),
    XDG_CONFIG_HOME: join(root, 'config'),
  };
  const parsed = parseHarnessArgs(['-C', work, '--no-skills', ...argv]);
  if (!parsed.ok) throw new Error(parsed.message);
  const harness = await buildHarness(parsed.flags, env, { home: join(root, 'home'), cwd: root });
  return { server, harness };
}

/** The events of `/line` run through the session's protocol, ending with its result. */
async function events(harness: Harness, line: string): Promise<SessionEvent[]> {
  const out: SessionEvent[] = [];
  for await (const event of sessionOver(harness).run({ id: 'slash', type: 'slash', text: line })) out.push(event);
  return out;
}

/** The data `/line` returned. */
async function result(harness: Harness, line: string): Promise<SlashResult> {
  const last = (await events(harness, line)).at(-1);
  if (last?.type !== 'command_result' || !last.result.ok || last.result.type !== 'slash')
    throw new Error(`${line}: ${JSON.stringify(last)}`);
  return last.result.data;
}

/** Runs `/line` as a text front end would, returning the lines it shows. */
async function run(harness: Harness, line: string): Promise<string[]> {
  return formatSlashResult(await result(harness, line));
}

async function turn(harness: Harness, text: string): Promise<AgentEvent[]> {
  const out: AgentEvent[] = [];
  for await (const e of harness.agent.send(text)) out.push(e);
  return out;
}

describe('/model and /effort', () => {
  it('/model lists the catalogue with the current model marked; /model <id> switches the next request', async () => {
    const { harness, server } = await session(new ScriptBuilder().text('one').text('two'));
    const list = await run(harness, '/model');
    expect(list[0]).toBe('model: claude-sonnet-5-5 (the next request)');
    expect(list.filter((l) => l.startsWith('*'))).toEqual([expect.stringMatching(/^\* claude-sonnet-5-5 /)]);
    await turn(harness, 'hi');
    expect(await run(harness, '/model claude-opus-5-5')).toEqual([
      'model: claude-opus-5-5 from the next request (was claude-sonnet-5-5)',
    ]);
    await turn(harness, 'again');
    expect(server.messageRequests().map((r) => (r.body as { model: string }).model)).toEqual([
      'claude-sonnet-5-5',
      'claude-opus-5-5',
    ]);
  });

  it('/model and --model take the family aliases: sonnet, opus and haiku are the newest model of each family', async () => {
    const { harness, server } = await session(new ScriptBuilder().text('one').text('two').text('three'), [
      '--model',
      'opus',
    ]);
    expect(harness.agent.model).toBe('claude-opus-5-5');
    await turn(harness, 'hi');
    expect(await run(harness, '/model haiku')).toEqual([
      'model: claude-haiku-5-5 from the next request (was claude-opus-5-5)',
    ]);
    await turn(harness, 'again');
    const switched = await sessionOver(harness).dispatch({ id: 'm', type: 'set_model', model: 'Sonnet' });
    expect(switched).toMatchObject({ ok: true, data: { model: 'claude-sonnet-5-5', previous: 'claude-haiku-5-5' } });
    await turn(harness, 'third');
    expect(server.messageRequests().map((r) => (r.body as { model: string }).model)).toEqual([
      'claude-opus-5-5',
      'claude-haiku-5-5',
      'claude-sonnet-5-5',
    ]);
  });

  it('/model with an id the catalogue does not know is refused with the closest id; nothing changes', async () => {
    const { harness } = await session(new ScriptBuilder().text('x'));
    expect(await run(harness, '/model claude-opus-55')).toEqual([
      '/model: unknown model claude-opus-55 (did you mean claude-opus-5-5?); /model lists the models',
    ]);
    expect(harness.agent.model).toBe('claude-sonnet-5-5');
  });

  it('/effort sets the next request effort, refuses what the model does not accept, and default clears it', async () => {
    const { harness, server } = await session(new ScriptBuilder().text('a').text('b'));
    expect(await run(harness, '/effort')).toEqual([
      'effort: default (claude-sonnet-5-5)',
      'claude-sonnet-5-5 accepts low, medium, high, xhigh, max or default',
    ]);
    expect(await run(harness, '/effort high')).toEqual(['effort: high from the next request (claude-sonnet-5-5)']);
    expect(await run(harness, '/effort huge')).toEqual([
      '/effort: unknown effort "huge"; claude-sonnet-5-5 accepts low, medium, high, xhigh, max or default',
    ]);
    await turn(harness, 'one');
    // A model that takes no effort refuses the switch while an effort is set, and says how to clear it.
    expect((await run(harness, '/model claude-haiku-4-5'))[0]).toContain('takes no effort setting');
    await run(harness, '/effort default');
    await turn(harness, 'two');
    const bodies = server.messageRequests().map((r) => r.body as { output_config?: unknown });
    expect(bodies.map((b) => b.output_config)).toEqual([{ effort: 'high' }, undefined]);
  });
});

describe('/status and /cost', () => {
  it('show tokens, cache share, rounded cost, context of the window, model, mode and session id', async () => {
    const { harness } = await session(new ScriptBuilder().text('hello'));
    await turn(harness, 'hi');
    const lines = await run(harness, '/status');
    const id = harness.agent.sessionId;
    expect(lines[0]).toMatch(/^tokens {3}in [\d,]+ \(\d+% cache read, [\d,]+ cache write\) · out [\d,]+$/);
    expect(lines[1]).toMatch(/^cost {5}\$\d+\.\d{2,4} over 1 request /);
    expect(lines[2]).toMatch(/^context {2}[\d,]+ of 1,000,000 tokens \(\d+%\) at the last request$/);
    expect(lines).toContain('model    claude-sonnet-5-5 (effort default, thinking adaptive, max tokens 128,000)');
    expect(lines).toContain('mode     default: read-only tools run; edits and commands ask first');
    expect(lines).toContain(`session  ${id} (reopen it later with --resume ${id})`);
    expect(await run(harness, '/cost')).toEqual(lines.slice(0, 2));
  });
});

describe('/permissions', () => {
  it('lists the rules, adds allow and deny rules for the session, removes one, and refuses a bad rule like the flag does', async () => {
    const { harness } = await session(new ScriptBuilder().text('x'), ['--allowed-tools', 'Bash(git status)']);
    expect((await run(harness, '/permissions'))[0]).toBe('allow bash(git status)  (session, --allowed-tools)');
    expect(await run(harness, '/permissions allow Bash(npm test:*)')).toEqual([
      'allow Bash(npm test:*)  (session, /permissions)',
    ]);
    expect(await run(harness, '/permissions deny Read(.env)')).toEqual(['deny  Read(.env)  (session, /permissions)']);
    expect(harness.grants().allowed.map((g) => g.rule)).toEqual(['bash(git status)', 'bash(npm test:*)']);
    expect(harness.grants().denied.map((g) => `${g.rule} ${g.origin}`)).toEqual(['read_file(.env) /permissions']);
    expect(await run(harness, '/permissions remove Bash(git status)')).toEqual([
      'removed bash(git status)  (was from --allowed-tools)',
    ]);
    const bad = await run(harness, '/permissions allow Bash(unclosed');
    expect(bad[0]).toMatch(/^\/permissions allow: .*unclosed/);
    expect(await run(harness, '/permissions remove Glob')).toEqual([
      'no allow or deny rule reads Glob; /permissions lists them',
    ]);
  });
});

describe('/mode and the indicator', () => {
  it('/mode plan switches the policy; /allowed then says what plan mode does, not "everything else asks"', async () => {
    const { harness } = await session(new ScriptBuilder().text('x'));
    expect(await run(harness, '/mode plan')).toEqual([
      'mode: plan: plan mode: read-only tools run; every edit and command is refused (the model is told to plan instead); /mode default to leave',
    ]);
    expect(harness.policy.mode).toBe('plan');
    const allowed = await run(harness, '/allowed');
    expect(allowed[0]).toMatch(/^mode plan: /);
    expect(allowed.join('\n')).not.toContain('everything else asks');
    expect(await run(harness, '/mode bypass')).toEqual([
      '/mode: bypassPermissions is chosen at start only (--permission-mode bypassPermissions); /mode switches between default, acceptEdits and plan',
    ]);
    expect((await run(harness, '/mode sideways'))[0]).toContain('unknown mode "sideways"');
    expect(harness.controls.cycleMode()).toBe('default');
    expect(harness.controls.cycleMode()).toBe('acceptEdits');
  });
});

describe('/compact and /resume', () => {
  it('/compact with a focus summarises now and reports the tokens', async () => {
    const { harness, server } = await session(new ScriptBuilder().text('first').text('second').text('THE SUMMARY'));
    expect(await run(harness, '/compact')).toEqual(['nothing to compact yet: the conversation has no earlier turns']);
    await turn(harness, 'one');
    await turn(harness, 'two');
    const seen = await events(harness, '/compact keep the file names');
    // The compaction's own events reach the subscribers (its usage too), then the result.
    const compaction = seen.find((e) => e.type === 'compaction');
    expect(compaction).toMatchObject({ tokensAfter: expect.any(Number) });
    expect(seen.filter((e) => e.type === 'usage')).toHaveLength(1);
    expect(seen.at(-1)).toMatchObject({
      type: 'command_result',
      result: { ok: true, data: { kind: 'compact', compacted: true } },
    });
    expect(harness.controls.status().requests).toBe(3);
    expect(JSON.stringify(server.messageRequests()[2]?.body)).toContain('Focus the summary on: keep the file names');
  });

  it('/resume lists the sessions of the work root, most recent first, this one marked', async () => {
    const { harness } = await session(new ScriptBuilder().text('a').text('b'));
    expect(await run(harness, '/resume')).toEqual(['no saved sessions in this work root yet']);
    await turn(harness, 'the first session');
    const first = harness.agent.sessionId;
    harness.agent.clear();
    await turn(harness, 'the second session');
    const lines = await run(harness, '/resume');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(
      new RegExp(`^\\* \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d  ${harness.agent.sessionId}  the second session$`),
    );
    expect(lines[1]).toContain(`${first}  the first session`);
    expect(lines[2]).toBe('open one with: harness --resume <id>   (* is this session)');
  });
});

describe('/sandbox', () => {
  it('says what commands may write and reach, or that the sandbox is off', async () => {
    const on = await session(new ScriptBuilder().text('x'), ['--allowed-tools', 'WebFetch(domain:registry.npmjs.org)']);
    const lines = await run(on.harness, '/sandbox');
    expect(lines[0]).toMatch(/^sandbox: on \(bubblewrap /);
    expect(lines.join('\n')).toContain("network: only through the sandbox's proxy, to registry.npmjs.org");
    await on.harness.sandbox.close();
    const off = await session(new ScriptBuilder().text('x'), ['--no-sandbox']);
    expect((await run(off.harness, '/sandbox'))[0]).toBe(
      'sandbox: off: switched off (--no-sandbox or sandbox.enabled: false)',
    );
  });
});
