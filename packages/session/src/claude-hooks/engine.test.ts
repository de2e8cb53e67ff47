/** The engine with real bash commands: exit codes, JSON output, parallel runs, timeouts, the environment. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEngine } from './engine.js';
import type { EventCall } from './engine.js';
import { parseHookSource } from './parse-config.js';
import type { HookSource } from './types.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function engineOf(sources: HookSource[], env: NodeJS.ProcessEnv = { PATH: '/usr/bin:/bin' }) {
  const root = mkdtempSync(join(tmpdir(), 'hook-engine-'));
  dirs.push(root);
  const hooks = sources.flatMap((s) => parseHookSource(s).hooks);
  return { root, engine: createEngine({ hooks, workroot: root, env, transcriptPath: (id) => `/t/${id}.jsonl` }) };
}

const source = (hooks: unknown, extra: Partial<HookSource> = {}): HookSource => ({
  source: 'user settings',
  file: 'settings.json',
  trusted: true,
  hooks,
  ...extra,
});
const cmd = (command: string, timeout?: number) => ({ type: 'command', command, ...(timeout ? { timeout } : {}) });
const call = (event: EventCall['event'], fields: Record<string, unknown> = {}, names?: string[]): EventCall => ({
  event,
  sessionId: 's1',
  fields,
  ...(names ? { names } : {}),
});

/** A hook that says its name only when the other one runs at the same time (each waits for the other's mark). */
const meet = (me: string, other: string) =>
  `cat > ${me}.json; touch ${me}.ready; for i in $(seq 200); do [ -e ${other}.ready ] && break; sleep 0.05; done; [ -e ${other}.ready ] && echo ${me.toUpperCase()}`;

describe('the engine', () => {
  it('exit 2 blocks with stderr; another exit is an error for the user; exit 0 JSON is read', async () => {
    const { engine } = engineOf([
      source({
        PreToolUse: [
          { matcher: 'Bash', hooks: [cmd('echo "stop that" >&2; exit 2'), cmd('echo oops >&2; exit 1')] },
          {
            matcher: 'Read',
            hooks: [
              cmd(
                `echo '{"systemMessage":"careful","hookSpecificOutput":{"permissionDecision":"ask","permissionDecisionReason":"big file"}}'`,
              ),
              cmd(`echo '{"hookSpecificOutput":{"permissionDecision":"allow"}}'`),
            ],
          },
        ],
      }),
    ]);
    const bash = await engine.run(call('PreToolUse', {}, ['bash', 'Bash']));
    expect(bash.block).toBe('stop that');
    expect(bash.messages).toEqual(['PreToolUse hook `echo oops >&2; exit 1` (user settings) failed (exit 1): oops']);
    const read = await engine.run(call('PreToolUse', {}, ['read_file', 'Read']));
    expect(read).toMatchObject({ permission: 'ask', permissionReason: 'big file', messages: ['careful'] });
    expect(read.block).toBeUndefined();
  });

  it('gives every hook the same JSON on stdin; runs matching hooks in parallel, each distinct command once', async () => {
    const { engine, root } = engineOf([
      source({
        UserPromptSubmit: [{ hooks: [cmd(meet('a', 'b')), cmd(meet('b', 'a'))] }, { hooks: [cmd(meet('a', 'b'))] }],
      }),
    ]);
    const o = await engine.run(call('UserPromptSubmit', { prompt: 'hi there' }));
    expect(o.context).toEqual(['A', 'B']);
    const a = JSON.parse(readFileSync(join(root, 'a.json'), 'utf8')) as unknown;
    expect(a).toEqual({
      session_id: 's1',
      transcript_path: '/t/s1.jsonl',
      cwd: root,
      hook_event_name: 'UserPromptSubmit',
      prompt: 'hi there',
    });
    expect(readFileSync(join(root, 'b.json'), 'utf8')).toBe(JSON.stringify(a));
  });

  it('stops a hook at its timeout (the whole process group) and says so', async () => {
    const { engine, root } = engineOf([
      // The background child writes its pid before the hook goes to sleep (the timeout leaves time for that on a busy
      // machine) and holds none of the hook's pipes: only killing the process group ends it.
      source({
        Stop: [
          {
            hooks: [
              cmd(
                `(echo $BASHPID > bg.tmp; mv bg.tmp bg.pid; exec sleep 30 </dev/null >/dev/null 2>&1) & while [ ! -e bg.pid ]; do sleep 0.01; done; sleep 30`,
                2,
              ),
            ],
          },
        ],
      }),
    ]);
    const o = await engine.run(call('Stop'));
    expect(o.messages).toEqual([expect.stringMatching(/timed out after 2s and was stopped/)]);
    expect(o.block).toBeUndefined();
    const pid = readFileSync(join(root, 'bg.pid'), 'utf8').trim();
    // The background child went with the group (gone, or a zombie waiting to be reaped).
    const alive = (): boolean => {
      try {
        return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
      } catch {
        return false;
      }
    };
    await vi.waitFor(() => expect(alive()).toBe(false), { timeout: 10_000 });
  });

  it('sets CLAUDE_PROJECT_DIR, and CLAUDE_PLUGIN_ROOT for a plugin; untrusted and unloaded-skill hooks never run', async () => {
    const { engine, root } = engineOf([
      source({ SessionStart: [{ hooks: [cmd('echo "$CLAUDE_PROJECT_DIR|${CLAUDE_PLUGIN_ROOT:-none}"')] }] }),
      source(
        { SessionStart: [{ hooks: [cmd('echo "plugin at $CLAUDE_PLUGIN_ROOT"')] }] },
        {
          source: 'plugin p',
          pluginRoot: '/plugins/p',
        },
      ),
      source({ SessionStart: [{ hooks: [cmd('echo never')] }] }, { source: 'project settings', trusted: false }),
      source({ SessionStart: [{ hooks: [cmd('echo skill')] }] }, { source: 'skill s', skill: 's' }),
    ]);
    const o = await engine.run(call('SessionStart', { source: 'startup' }, ['startup']));
    expect(o.context).toEqual([`${root}|none`, 'plugin at /plugins/p']);
    const loaded = await engine.run({ ...call('SessionStart', {}, ['startup']), loadedSkills: new Set(['s']) });
    expect(loaded.context).toContain('skill');
  });

  it('Stop and PostToolUse read decision block; continue false stops; plain stdout is not context there', async () => {
    const { engine } = engineOf([
      source({
        Stop: [{ hooks: [cmd(`echo '{"decision":"block","reason":"tests fail"}'`)] }],
        PostToolUse: [{ hooks: [cmd('echo just output'), cmd(`echo '{"continue":false,"stopReason":"enough"}'`)] }],
      }),
    ]);
    expect((await engine.run(call('Stop'))).block).toBe('tests fail');
    const post = await engine.run(call('PostToolUse', {}, ['bash']));
    expect(post).toMatchObject({ context: [], stop: 'enough' });
  });
});
