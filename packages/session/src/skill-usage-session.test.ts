/** The listing through buildHarness: ranked by recorded use, fixed for the whole session. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AgentEvent } from '@coding-harness/agent';
import { ScriptBuilder, startMockServer } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { parseHarnessArgs } from './args.js';
import { buildHarness } from './build.js';

const undo: (() => unknown)[] = [];
afterEach(async () => {
  for (const f of undo.splice(0).reverse()) await f();
});

async function drain(events: AsyncIterable<AgentEvent>): Promise<void> {
  for await (const _ of events);
}

describe('the skills listing of a session', () => {
  it('keeps its bytes while a use is recorded; the next session describes the used skill first', async () => {
    const server = await startMockServer({ script: new ScriptBuilder().text('one').text('two').text('three').build() });
    undo.push(() => server.close());
    const root = mkdtempSync(join(tmpdir(), 'session-listing-'));
    undo.push(() => rmSync(root, { recursive: true, force: true }));
    const home = join(root, 'home');
    const names: string[] = [];
    for (let i = 0; i < 120; i++) {
      const name = `helper-${String(i).padStart(3, '0')}`;
      names.push(name);
      mkdirSync(join(home, '.agents', 'skills', name), { recursive: true });
      writeFileSync(
        join(home, '.agents', 'skills', name, 'SKILL.md'),
        `---\nname: ${name}\ndescription: "Helps with task ${i}: ${'explains the steps in detail, '.repeat(4)}"\n---\nBody ${i}.\n`,
      );
    }
    mkdirSync(join(root, 'work'));
    const env = {
      ANTHROPIC_BASE_URL: server.url,
      XDG_STATE_HOME: join(root, 'state'),
      XDG_CONFIG_HOME: join(root, 'config'),
      SLASH_COMMAND_TOOL_CHAR_BUDGET: '4000',
    };
    const build = async () => {
      const parsed = parseHarnessArgs(['-C', join(root, 'work')]);
      if (!parsed.ok) throw new Error(parsed.message);
      return buildHarness(parsed.flags, env, { home, cwd: root });
    };
    const last = names.at(-1)!;
    const described = (i: number): boolean =>
      JSON.stringify((server.messageRequests()[i]!.body as { system: unknown }).system).includes(
        `- ${last}: Helps with task 119`,
      );

    const first = await build();
    await drain(first.agent.send(`/${last} go`));
    await drain(first.agent.send('and now?'));
    const [a, b] = server.messageRequests().map((r) => JSON.stringify((r.body as { system: unknown }).system));
    expect(b).toBe(a);
    expect(a!.length).toBeLessThan(4_000 + 2_000);
    expect(described(0)).toBe(false);

    const second = await build();
    await drain(second.agent.send('hi'));
    expect(described(2)).toBe(true);
  });
});
