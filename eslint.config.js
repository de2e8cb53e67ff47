// One linter for the whole workspace. Besides style, it carries one of the two layering
// checks: no package under packages/ may import an app, blessed or node:readline, no app
// imports another app (what front ends share lives in packages/session), the loop imports no
// model provider, and the model package imports no workspace package (its neutral core no provider).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const forbiddenInPackages = {
  paths: [
    { name: 'blessed', message: 'packages/ never import a UI: blessed belongs to apps/blessed-tui.' },
    { name: 'readline', message: 'packages/ never import a UI: node:readline belongs to apps/line-cli.' },
    { name: 'node:readline', message: 'packages/ never import a UI: node:readline belongs to apps/line-cli.' },
    { name: 'node:readline/promises', message: 'packages/ never import a UI.' },
  ],
  patterns: [
    {
      group: [
        '@coding-harness/line-cli',
        '@coding-harness/line-cli/*',
        '@coding-harness/blessed-tui',
        '@coding-harness/blessed-tui/*',
        '@coding-harness/evals',
        '@coding-harness/evals/*',
      ],
      message: 'packages/ never import an app.',
    },
    { group: ['**/apps/**'], message: 'packages/ never import an app.' },
  ],
};

/** The loop (packages/agent) speaks the neutral model layer: no provider, by subpath or by path. */
const noProvider = {
  group: ['@coding-harness/model/*', '!@coding-harness/model/package.json'],
  message:
    'packages/agent imports @coding-harness/model only, never a provider (@coding-harness/model/<provider>): the session wires providers in.',
};
const noProviderPath = {
  regex: '(^|/)model/src/providers/',
  message: 'packages/agent never imports a provider: the session wires providers in.',
};

/** packages/model imports no workspace package (it is the bottom layer beside the mock). */
const noWorkspace = {
  group: ['@coding-harness/*', '!@coding-harness/model', '!@coding-harness/model/*'],
  message: 'packages/model imports no workspace package: the loop and the wiring import it, not the reverse.',
};
const noWorkspacePath = {
  regex: '(^|/)(agent|session|tools|approval|skills|mock-anthropic)/src/',
  message: 'packages/model imports no workspace package: the loop and the wiring import it, not the reverse.',
};

/** The model package's neutral core imports no provider (each provider is a subpath of its own). */
const noProviderInCore = {
  regex: '(^|/)providers/',
  message: "the model package's neutral core never imports a provider: providers import the core.",
};

/**
 * The loop, the tools and the front ends never name a tool: a hook or a plugin recognises its own
 * tool by the object it made, and front ends render by kind and diff. The skills runtime (with its
 * tool's name) lives in packages/session/src/skills.
 */
const noToolNames = {
  selector: "Literal[value='skill'], TemplateElement[value.raw='skill']",
  message:
    'no tool name here: the loop, the tools and the front ends never name the skill tool (the skills plugin in packages/session/src/skills owns it; a hook knows its tool by the object).',
};

/** Test files, test utilities and benchmarks: not shipped, may use what they are tested against. */
const NOT_SHIPPED = ['**/*.test.ts', '**/*.test.*.ts', '**/testing/**', '**/bench/**'];

const APPS = ['line-cli', 'blessed-tui', 'evals'];

/** The import ban of one app: every other app, by package name or by a path into apps/<other>. */
function otherApps(app) {
  const others = APPS.filter((a) => a !== app);
  return {
    patterns: [
      {
        group: others.flatMap((a) => [
          `@coding-harness/${a}`,
          `@coding-harness/${a}/*`,
          `**/${a}/src/**`,
          `**/apps/${a}/**`,
        ]),
        message: 'an app never imports another app: move what both need into packages/session.',
      },
    ],
  };
}

export default tseslint.config(
  {
    ignores: [
      '**/*.cjs',
      '**/dist/**',
      '**/node_modules/**',
      '**/.turbo/**',
      '**/coverage/**',
      'tooling/repo-checks/fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        Buffer: 'readonly',
        URL: 'readonly',
        AbortController: 'readonly',
        AbortSignal: 'readonly',
        TextDecoder: 'readonly',
        TextEncoder: 'readonly',
        performance: 'readonly',
        structuredClone: 'readonly',
        setImmediate: 'readonly',
        queueMicrotask: 'readonly',
        fetch: 'readonly',
        Response: 'readonly',
        Request: 'readonly',
        Headers: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-control-regex': 'off',
      'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // Type-aware rules on the sources: a switch over a union must handle every member (a slash
    // command or event type without a case is an error), and no promise is dropped unawaited.
    files: ['packages/*/src/**/*.ts', 'apps/*/src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test-*.ts', '**/*.test.*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/no-floating-promises': 'error',
    },
  },
  {
    files: ['**/*.test.ts', '**/bench/**', '**/scripts/**', '**/*.mjs'],
    rules: { 'max-lines': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    files: ['packages/**/*.ts', 'packages/**/*.js', 'packages/**/*.mjs'],
    rules: { 'no-restricted-imports': ['error', forbiddenInPackages] },
  },
  {
    files: ['packages/agent/**/*.ts'],
    ignores: NOT_SHIPPED,
    rules: {
      'no-restricted-imports': [
        'error',
        { ...forbiddenInPackages, patterns: [...forbiddenInPackages.patterns, noProvider, noProviderPath] },
      ],
    },
  },
  {
    files: ['packages/model/**/*.ts'],
    ignores: NOT_SHIPPED,
    rules: {
      'no-restricted-imports': [
        'error',
        { ...forbiddenInPackages, patterns: [...forbiddenInPackages.patterns, noWorkspace, noWorkspacePath] },
      ],
    },
  },
  {
    files: ['packages/model/src/*.ts'],
    ignores: NOT_SHIPPED,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          ...forbiddenInPackages,
          patterns: [...forbiddenInPackages.patterns, noWorkspace, noWorkspacePath, noProviderInCore],
        },
      ],
    },
  },
  {
    files: [
      'packages/agent/src/**/*.ts',
      'packages/tools/src/**/*.ts',
      'apps/line-cli/src/**/*.ts',
      'apps/blessed-tui/src/**/*.ts',
    ],
    ignores: NOT_SHIPPED,
    rules: { 'no-restricted-syntax': ['error', noToolNames] },
  },
  ...APPS.map((app) => ({
    files: [`apps/${app}/**/*.ts`, `apps/${app}/**/*.js`, `apps/${app}/**/*.mjs`],
    rules: { 'no-restricted-imports': ['error', otherApps(app)] },
  })),
);
