/**
 * `stderrApart` (the user's `!command`): stdout and stderr each on their own pipe, named as they
 * arrive and returned apart, both unsandboxed and inside the real bwrap sandbox; without it the
 * bash tool's one pipe keeps them joined in order, as before.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASH_DEFAULT_TIMEOUT_MS, BASH_OUTPUT_CAP, runBash } from './bash.js';
import { makeWorld } from './sandbox/sandbox.test-helper.js';
import type { World } from './sandbox/sandbox.test-helper.js';

const COMMAND = 'echo out-1; echo err-1 >&2; echo out-2; echo err-2 >&2; exit 3';

let dir: string;
let w: World;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bash-streams-'));
  w = makeWorld();
});
afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  await w.close();
});

const signal = (): AbortSignal => new AbortController().signal;

describe('bash with stderr apart', () => {
  it('returns each stream apart and names each live piece; the whole result keeps both', async () => {
    const pieces: { text: string; stream?: string }[] = [];
    const run = await runBash(COMMAND, dir, BASH_DEFAULT_TIMEOUT_MS, signal(), BASH_OUTPUT_CAP, {
      stderrApart: true,
      onOutput: (text, stream) => pieces.push({ text, ...(stream ? { stream } : {}) }),
    });
    expect(run.stdout).toBe('out-1\nout-2\n');
    expect(run.stderr).toBe('err-1\nerr-2\n');
    expect(run.isError).toBe(true);
    expect(run.display).toBe('exit 3');
    const joined = (stream: string): string =>
      pieces
        .filter((p) => p.stream === stream)
        .map((p) => p.text)
        .join('');
    expect(joined('stdout')).toBe('out-1\nout-2\n');
    expect(joined('stderr')).toBe('err-1\nerr-2\n');
  });

  it('inside the bwrap sandbox too', async () => {
    expect(w.sandbox.active).toBe(true);
    const run = await runBash(COMMAND, w.root, BASH_DEFAULT_TIMEOUT_MS, signal(), BASH_OUTPUT_CAP, {
      stderrApart: true,
      sandbox: w.sandbox,
    });
    expect(run.stdout).toBe('out-1\nout-2\n');
    expect(run.stderr).toBe('err-1\nerr-2\n');
  });

  it('without it, one pipe: the streams interleave in order and no stream is named', async () => {
    const streams: (string | undefined)[] = [];
    const run = await runBash(COMMAND, dir, BASH_DEFAULT_TIMEOUT_MS, signal(), BASH_OUTPUT_CAP, {
      onOutput: (_text, stream) => streams.push(stream),
    });
    expect(run.stdout).toBeUndefined();
    expect(run.content[0]).toMatchObject({ type: 'text', text: 'out-1\nerr-1\nout-2\nerr-2\n\nExit code 3.' });
    expect(streams.every((s) => s === undefined)).toBe(true);
  });
});
