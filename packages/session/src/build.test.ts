/** buildHarness, the wiring every front end and the evals run, against the real mock server. */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AgentEvent } from '@coding-harness/agent';
import { ScriptBuilder, startMockServer } from '@coding-harness/mock-anthropic';
import type { MockServer } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { parseHarnessArgs } from './args.js';
import { buildHarness } from './build.js';
import type { HarnessIo } from './build.js';
import { UsageError } from './config.js';

const undo: (() => unknown)[] = [];
afterEach(async () => {
  for (const f of undo.splice(0).reverse()) await f();
});

async function sandbox(script: ScriptBuilder) {
  const server: MockServer = await startMockServer({ script: script.build() });
  undo.push(() => server.close());
  const root = mkdtempSync(join(tmpdir(), 'session-build-'));
  undo.push(() => rmSync(root, { recursive: true, force: true }));
  const work = join(root, 'work');
  mkdirSync(work);
  const env = {
    ANTHROPIC_BASE_URL: server.url,
    XDG_STATE_HOME: join(root, 'state'),
    XDG_CONFIG_HOME: join(root, 'config'),
  };
  const io: HarnessIo = { home: join(root, 'home'), cwd: root };
  const build = (argv: string[], extra: Partial<HarnessIo> = {}) => {
    const parsed = parseHarnessArgs(['-C', work, ...argv]);
    if (!parsed.ok) throw new Error(parsed.message);
    return buildHarness(parsed.flags, env, { ...io, ...extra });
  };
  return { server, build, work };
}

async function collect(events: AsyncIterable<AgentEvent>): Promise<AgentEvent[]> {
  const out: AgentEvent[] = [];
  for await (const e of events) out.push(e);
  return out;
}

describe('buildHarness', () => {
  it('refuses a rule flag the policy cannot read with a UsageError naming the flag, before any request', async () => {
    const { build, server } = await sandbox(new ScriptBuilder().text('never'));
    for (const [flag, rule] of [
      ['--allowed-tools', 'Bash(unclosed'],
      ['--disallowed-tools', 'NoSuchTool'],
    ] as const) {
      const err = await build([flag, rule]).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(UsageError);
      expect((err as UsageError).message).toMatch(new RegExp(`^${flag}: `));
    }
    expect(server.messageRequests()).toHaveLength(0);
  });

  it('with the sandbox on, a command runs without a question; --no-sandbox asks; WebFetch(domain:) rules are its network', async () => {
    const script = () => new ScriptBuilder().toolUse('bash', { command: 'touch made.txt' }).text('done');
    const { build, work } = await sandbox(script());
    const on = await build([
      '--allowed-tools',
      'WebFetch(domain:example.com) Read',
      '--disallowed-tools',
      'webfetch(domain:*.evil.test)',
    ]);
    expect(on.sandbox.status()).toMatchObject({ state: 'on' });
    expect(on.sandbox.options.allowedDomains).toEqual(['example.com']);
    expect(on.sandbox.options.deniedDomains).toEqual(['*.evil.test']);
    expect(on.policy.list().map((g) => g.rule)).toEqual(['read_file']);
    const events = await collect(on.agent.send('go'));
    expect(events.filter((e) => e.type === 'approval_requested')).toEqual([]);
    expect(events.filter((e) => e.type === 'tool_call_finished')).toMatchObject([{ name: 'bash', isError: false }]);
    expect(existsSync(join(work, 'made.txt'))).toBe(true);
    await on.sandbox.close();
    const off = await (await sandbox(script())).build(['--no-sandbox']);
    expect(off.sandbox.status()).toMatchObject({ state: 'off' });
    const request = { tool: 'bash', kind: 'exec' as const, input: {}, target: 'touch made.txt', summary: 'bash' };
    expect(off.policy.decide(request).type).toBe('ask');
    const bad = await build(['--allowed-tools', 'WebFetch(domain:http://x)']).catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(UsageError);
    expect((bad as UsageError).message).toMatch(/WebFetch\(domain:http:\/\/x\): not a host name/);
  });

  it("tuning sets the agent's clock (the system prompt's date) for byte-identical eval runs", async () => {
    const { build } = await sandbox(new ScriptBuilder().text('hi'));
    const harness = await build([], { tuning: { clock: () => new Date('2026-01-01T00:00:00Z'), rgPath: null } });
    expect(harness.agent.systemPrompt).toContain('2026-01-01');
  });

  it("a skill a deny rule denies (Skill(name *)) is not in the listing, the skill tool's enum or /name", async () => {
    const { build, server, work } = await sandbox(new ScriptBuilder().text('hi'));
    const dir = join(work, '..', 'skills');
    for (const name of ['deploy', 'review']) {
      mkdirSync(join(dir, name), { recursive: true });
      writeFileSync(join(dir, name, 'SKILL.md'), `---\nname: ${name}\ndescription: The ${name} skill.\n---\nBody.\n`);
    }
    const harness = await build(['--skills', dir, '--disallowed-tools', 'Skill(deploy *)']);
    expect(harness.skills.map((s) => s.name)).toEqual(['review']);
    expect(harness.route('/deploy').kind).not.toBe('skill');
    await collect(harness.agent.send('hello'));
    const request = server.messageRequests()[0]!.body as { system: { text: string }[]; tools: unknown[] };
    const sent = JSON.stringify(request);
    expect(sent).toContain('review');
    expect(sent).not.toContain('deploy');
  });

  it('grants() lists the flag rules with their origin, as /allowed shows them', async () => {
    const { build } = await sandbox(new ScriptBuilder().text('hi'));
    const harness = await build(['--allowed-tools', 'Bash(npm test:*)', '--disallowed-tools', 'Bash(rm:*)']);
    expect(harness.grants().allowed).toEqual([expect.objectContaining({ origin: '--allowed-tools' })]);
    expect(harness.grants().denied).toContainEqual(expect.objectContaining({ origin: '--disallowed-tools' }));
  });
});
