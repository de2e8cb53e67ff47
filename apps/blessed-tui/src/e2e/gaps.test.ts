/**
 * `harness-tui` end to end for what the line REPL already did: the repository-trust question
 * before the first prompt, the applied diff of an edit that ran without a question, a fork skill's
 * subagent nested under its call. The BUILT bin in tmux against the mock server; nothing reaches the
 * internet.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ScriptBuilder, startMockServer } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { E2E_TIMEOUT_MS, hasTmux } from './tmux.test.helper.js';
import { onCleanup, runCleanups, sandbox, startTui } from './tui-run.test.helper.js';

afterEach(runCleanups);

const IDLE = /│ idle\s*$/m;
const QUESTION = 'Trust this repository?';

/** A project skill whose allowed-tools pre-approve `echo`. */
function deploySkill(work: string): void {
  const dir = join(work, '.agents', 'skills', 'deploy');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'SKILL.md'),
    '---\nname: deploy\ndescription: Deploys the project.\nallowed-tools: Bash(echo:*)\n---\nRun echo deployed.\n',
  );
}
const decision = (config: string, repo: string): string | undefined =>
  (
    JSON.parse(readFileSync(join(config, 'coding-harness', 'trust.json'), 'utf8')) as {
      repositories: Record<string, { decision: string }>;
    }
  ).repositories[repo]?.decision;

describe('harness-tui gaps (tmux)', () => {
  it.skipIf(!hasTmux)(
    "a fork skill's subagent: its tool calls are nested ↳ lines under the skill call, above its result",
    async () => {
      const box = sandbox();
      const dir = join(box.home, '.agents', 'skills', 'survey');
      mkdirSync(dir, { recursive: true });
      writeFileSync(
        join(dir, 'SKILL.md'),
        '---\nname: survey\ndescription: Survey the repository.\ncontext: fork\nagent: Explore\n---\nList the files.\n',
      );
      const server = await startMockServer({
        script: new ScriptBuilder()
          .toolUse('skill', { name: 'survey' })
          .toolUse('glob', { pattern: '*' })
          .text('FINDINGS: notes.txt')
          .text('The survey is done.')
          .build(),
      });
      onCleanup(() => server.close());
      const tmux = startTui(box, server.url, 'subagent');
      await tmux.waitFor([IDLE]);
      tmux.type('survey the repo');
      tmux.press('Enter');
      const shown = await tmux.waitFor(['The survey is done.', IDLE]);
      const lines = shown.split('\n');
      const at = (text: string): number => lines.findIndex((l) => l.includes(text));
      const order = ['● skill survey', '    ↳ glob *', '⎿ skill survey: subagent answered', 'The survey is done.'];
      const positions = order.map(at);
      expect(
        positions.every((p) => p >= 0),
        shown,
      ).toBe(true);
      expect([...positions].sort((a, b) => a - b)).toEqual(positions);
      expect(shown).not.toContain('(subagent): glob');
      tmux.press('C-d');
      await tmux.waitFor(['EXITED:0']);
    },
    E2E_TIMEOUT_MS,
  );

  it.skipIf(!hasTmux)(
    'asks the trust question before the first prompt; t records trust and the skill grants apply; the next run does not ask; never is recorded too',
    async () => {
      const box = sandbox();
      deploySkill(box.work);
      const server = await startMockServer({
        script: new ScriptBuilder().toolUse('bash', { command: 'echo deployed' }).text('deploy finished').build(),
      });
      onCleanup(() => server.close());
      const tmux = startTui(box, server.url, 'trust');
      const asked = await tmux.waitFor([
        QUESTION,
        '/deploy: Bash(echo:*)',
        `skills would pre-approve tool calls: ${box.work}`,
      ]);
      expect(asked).toContain('› [n] Not now');
      // Not an answer: nothing happens. Keys are read in order, so once the Down pressed after it
      // has moved the selection, `x` was read and the question is still there.
      tmux.press('x');
      tmux.press('Down');
      const still = await tmux.waitFor(['› [v] Never']);
      expect(still).toContain(QUESTION);
      tmux.press('t');
      await tmux.waitFor([IDLE]);
      expect(decision(box.config, box.work)).toBe('trusted');
      tmux.type('/deploy now');
      tmux.press('Enter');
      const ran = await tmux.waitFor(['deploy finished', IDLE]);
      expect(ran).not.toContain('Allow bash');
      expect(JSON.stringify(server.messageRequests().at(-1)?.body)).toContain('deployed\\n');
      tmux.press('C-d');
      await tmux.waitFor(['EXITED:0']);
      tmux.kill();

      const again = startTui(box, server.url, 'trust-again');
      const screen = await again.waitFor([IDLE]);
      expect(screen).not.toContain(QUESTION);
      again.press('C-d');
      await again.waitFor(['EXITED:0']);

      const other = sandbox();
      deploySkill(other.work);
      const never = startTui(other, server.url, 'trust-never');
      await never.waitFor([QUESTION]);
      never.press('v');
      await never.waitFor([IDLE]);
      expect(decision(other.config, other.work)).toBe('never');
      never.press('C-d');
      await never.waitFor(['EXITED:0']);
    },
    40_000,
  );

  it.skipIf(!hasTmux)(
    'accept-edits: an edit and a new file show their applied diffs under the result, green and red, without a question',
    async () => {
      const box = sandbox();
      writeFileSync(join(box.work, 'greet.ts'), "export const greet = (n: string) => 'hello ' + n;\n");
      const server = await startMockServer({
        script: new ScriptBuilder()
          .toolUse('read_file', { path: 'greet.ts' })
          .toolUse('edit_file', { path: 'greet.ts', old_string: "'hello '", new_string: "'Hello, '" })
          .toolUse('write_file', { path: 'new.txt', content: 'brand new\nsecond\n' })
          .text('Both done.')
          .build(),
      });
      onCleanup(() => server.close());
      const tmux = startTui(box, server.url, 'diff', ['--permission-mode', 'accept-edits']);
      await tmux.waitFor([IDLE]);
      tmux.type('fix it');
      tmux.press('Enter');
      const shown = await tmux.waitFor(['Both done.', IDLE]);
      expect(shown).not.toContain('Allow edit_file');
      const lines = shown.split('\n');
      const at = (text: string): number => lines.findIndex((l) => l.includes(text));
      const order = [
        '● edit_file greet.ts',
        '⎿ edited greet.ts',
        "-export const greet = (n: string) => 'hello '",
        "+export const greet = (n: string) => 'Hello, '",
        '● write_file new.txt',
        '⎿ created new.txt (2 lines)',
        '+brand new',
        '+second',
      ];
      const positions = order.map(at);
      expect(
        positions.every((p) => p >= 0),
        shown,
      ).toBe(true);
      expect([...positions].sort((a, b) => a - b)).toEqual(positions);
      expect(readFileSync(join(box.work, 'new.txt'), 'utf8')).toBe('brand new\nsecond\n');
      const raw = tmux.tmux('capture-pane', '-p', '-e', '-t', 'e2e');
      expect(raw).toMatch(/\x1b\[31m\s+-export const greet/);
      expect(raw).toMatch(/\x1b\[32m\s+\+export const greet/);
      tmux.press('C-d');
      await tmux.waitFor(['EXITED:0']);
    },
    E2E_TIMEOUT_MS,
  );
});
