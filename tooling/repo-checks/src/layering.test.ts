import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../../..');
const fixtures = path.resolve(here, '../fixtures');
const depcruiseBin = path.join(repo, 'node_modules/.bin/depcruise');
const config = path.join(repo, '.dependency-cruiser.cjs');

/** Runs dependency-cruiser with the repository's own rules over one fixture tree. */
async function cruise(fixture: string): Promise<{ code: number; output: string }> {
  try {
    const { stdout } = await run(depcruiseBin, ['packages', 'apps', '--config', config, '--output-type', 'err'], {
      cwd: path.join(fixtures, fixture),
    });
    return { code: 0, output: stdout };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? 1, output: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

describe('dependency-cruiser layering rules', () => {
  it('pass on a tree that only imports downwards (apps -> session -> agent -> model core, skills; session -> a provider)', async () => {
    const result = await cruise('good');
    expect(result.output).toContain('no dependency violations');
    expect(result.code).toBe(0);
  });

  it('fail on a package importing blessed, node:readline or a higher layer', async () => {
    const result = await cruise('bad');
    expect(result.code).not.toBe(0);
    expect(result.output).toContain('no-ui-in-packages');
    expect(result.output).toContain('layer-skills');
    expect(result.output).toMatch(/blessed/);
    expect(result.output).toMatch(/readline/);
  });

  it('fail on the loop importing a provider, the model core importing one, a provider importing the loop or another provider', async () => {
    const result = await cruise('bad');
    expect(result.code).not.toBe(0);
    expect(result.output).toMatch(
      /loop-imports-no-provider: packages\/agent\/src\/provider\.ts → packages\/model\/src\/providers\/anthropic\/index\.ts/,
    );
    expect(result.output).toMatch(
      /model-core-imports-no-provider: packages\/model\/src\/index\.ts → packages\/model\/src\/providers\/anthropic\/index\.ts/,
    );
    expect(result.output).toMatch(
      /layer-model: packages\/model\/src\/providers\/anthropic\/index\.ts → packages\/agent\/src\/provider\.ts/,
    );
    expect(result.output).toMatch(
      /provider-imports-no-other-provider: packages\/model\/src\/providers\/scripted\/index\.ts → packages\/model\/src\/providers\/anthropic\/index\.ts/,
    );
  });

  it('fail on an app importing another app (blessed-tui -> line-cli) and on a package importing an app', async () => {
    const result = await cruise('bad');
    expect(result.code).not.toBe(0);
    expect(result.output).toMatch(
      /app-blessed-tui-imports-no-app: apps\/blessed-tui\/src\/index\.ts → apps\/line-cli\/src\/index\.ts/,
    );
    expect(result.output).toMatch(/no-app-imports-from-packages: packages\/session\/src\/index\.ts → apps\/line-cli/);
    expect(result.output).toMatch(/layer-session: packages\/session\/src\/index\.ts → apps\/line-cli/);
  });
});

describe('ESLint no-restricted-imports layering rule', () => {
  // The snippets are linted under file names that do not exist, which the type-aware rules'
  // project service cannot load: those rules are off here; the layering rule is what is tested.
  const eslint = new ESLint({
    cwd: repo,
    overrideConfig: {
      languageOptions: { parserOptions: { projectService: false } },
      rules: {
        '@typescript-eslint/switch-exhaustiveness-check': 'off',
        '@typescript-eslint/no-floating-promises': 'off',
      },
    },
  });
  const lint = async (filePath: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath: path.join(repo, filePath) });
    return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports');
  };

  it('rejects blessed, node:readline and app imports under packages/', async () => {
    const code = [
      "import blessed from 'blessed';",
      "import * as rl from 'node:readline';",
      "import { runTui } from '@coding-harness/blessed-tui';",
      'export const all = [blessed, rl, runTui];',
      '',
    ].join('\n');
    const messages = await lint('packages/agent/src/bad-import.ts', code);
    expect(messages.map((m) => m.message).join('\n')).toMatch(/blessed[\s\S]*readline[\s\S]*never import an app/);
    expect(messages).toHaveLength(3);
  });

  it('rejects one app importing another, by package name or by path', async () => {
    const code =
      "import { main } from '@coding-harness/line-cli';\nimport { x } from '../../line-cli/src/index.js';\nexport const all = [main, x];\n";
    const messages = await lint('apps/blessed-tui/src/bad-import.ts', code);
    expect(messages).toHaveLength(2);
    for (const m of messages) expect(m.message).toContain('packages/session');
    expect(
      await lint(
        'apps/evals/src/bad-import.ts',
        "import { main } from '@coding-harness/blessed-tui';\nexport const m = main;\n",
      ),
    ).toHaveLength(1);
  });

  it('rejects a provider in the loop, by subpath or by path; allows the neutral model package and, in tests, a provider', async () => {
    const code = [
      "import { createAnthropicProvider } from '@coding-harness/model/anthropic';",
      "import { createScriptedProvider } from '@coding-harness/model/scripted';",
      "import { readStream } from '../../model/src/providers/anthropic/stream-reader.js';",
      "import { createProviderRegistry } from '@coding-harness/model';",
      'export const all = [createAnthropicProvider, createScriptedProvider, readStream, createProviderRegistry];',
      '',
    ].join('\n');
    const messages = await lint('packages/agent/src/bad-import.ts', code);
    expect(messages).toHaveLength(3);
    for (const m of messages) expect(m.message).toContain('never');
    expect(await lint('packages/agent/src/uses-provider.test.ts', code)).toHaveLength(0);
    expect(
      await lint(
        'packages/session/src/ok-provider.ts',
        "import { createAnthropicProvider } from '@coding-harness/model/anthropic';\nexport const p = createAnthropicProvider;\n",
      ),
    ).toHaveLength(0);
  });

  it('rejects a workspace package in the model package, and a provider in its neutral core', async () => {
    const workspace = [
      "import { createAgent } from '@coding-harness/agent';",
      "import { value } from '../../../../agent/src/index.js';",
      "import { EFFORTS } from '../../index.js';",
      'export const all = [createAgent, value, EFFORTS];',
      '',
    ].join('\n');
    const inProvider = await lint('packages/model/src/providers/anthropic/bad-import.ts', workspace);
    expect(inProvider).toHaveLength(2);
    for (const m of inProvider) expect(m.message).toContain('imports no workspace package');
    const core = "import { x } from './providers/anthropic/index.js';\nexport const y = x;\n";
    const inCore = await lint('packages/model/src/bad-import.ts', core);
    expect(inCore.map((m) => m.message)).toEqual([expect.stringContaining('never imports a provider')]);
    expect(
      await lint(
        'packages/model/src/providers/scripted/ok-import.ts',
        "import { EFFORTS } from '../../index.js';\nexport const e = EFFORTS;\n",
      ),
    ).toHaveLength(0);
  });

  it('allows an app to import the session package', async () => {
    expect(
      await lint(
        'apps/blessed-tui/src/ok-session.ts',
        "import { buildHarness } from '@coding-harness/session';\nexport const b = buildHarness;\n",
      ),
    ).toHaveLength(0);
  });

  it('allows the same imports in an app', async () => {
    const code =
      "import blessed from 'blessed';\nimport * as rl from 'node:readline';\nexport const all = [blessed, rl];\n";
    expect(await lint('apps/blessed-tui/src/ok-import.ts', code)).toHaveLength(0);
  });
});
