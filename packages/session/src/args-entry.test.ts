import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import * as args from './args-entry.js';
import * as wiring from './index.js';

describe('@coding-harness/session/args', () => {
  it('exports the same parser and help text as the main entry', () => {
    expect(args.parseHarnessArgs).toBe(wiring.parseHarnessArgs);
    expect(args.normalizeArgv).toBe(wiring.normalizeArgv);
    expect(args.helpText).toBe(wiring.helpText);
    expect(args.parseHarnessArgs(['--help'])).toMatchObject({ ok: true, flags: { help: true } });
  });

  it('pulls in no agent, tools, skills, SDK, zod or yaml code', async () => {
    const result = await build({
      entryPoints: [fileURLToPath(new URL('./args-entry.ts', import.meta.url))],
      bundle: true,
      platform: 'node',
      format: 'esm',
      write: false,
      metafile: true,
      logLevel: 'silent',
      conditions: ['@coding-harness/source'],
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.some((f) => f.includes('approval'))).toBe(true);
    expect(
      inputs.filter((f) => /packages\/(agent|tools|skills)\/|@anthropic-ai|\/zod@|\/yaml@|session\/src\/build/.test(f)),
    ).toEqual([]);
  });
});
