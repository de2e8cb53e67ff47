// One linter for the whole workspace. Besides style, it carries one of the two layering
// checks: no package under packages/ may import an app, blessed or node:readline, and no app
// imports another app (what front ends share lives in packages/session).
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
  ...APPS.map((app) => ({
    files: [`apps/${app}/**/*.ts`, `apps/${app}/**/*.js`, `apps/${app}/**/*.mjs`],
    rules: { 'no-restricted-imports': ['error', otherApps(app)] },
  })),
);
