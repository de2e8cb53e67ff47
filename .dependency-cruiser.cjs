/**
 * The layering rule, as data. Allowed arrows (importer -> imported):
 *   skills -> model; tools -> skills, model; agent -> model, tools, approval, skills;
 *   mcp -> model, tools (an MCP server's tools are tools of the open contract), protocol (types:
 *   a server's questions are the protocol's elicitation form);
 *   protocol -> model, approval (types); session -> agent, model, tools, approval, skills, mcp;
 *   apps -> any package.
 *   model and mock-anthropic import none of them.
 * Inside model: the providers (src/providers/<name>/) import the neutral core, never each other;
 * the core never imports a provider; and the loop (packages/agent) imports the core only, never a
 * provider (so `@coding-harness/model/anthropic` is out of its reach).
 * No app imports another app (the shared wiring is packages/session), and no package under
 * packages/ imports an app, blessed or node:readline.
 * Tests, test utilities and benchmarks are not shipped and may use what they test against.
 * Workspace imports resolve to the sources (the `@coding-harness/source` condition), so an import
 * by package name is checked like a relative one.
 */
const pkg = (name) => `^packages/${name}/`;
const notShipped = '\\.test\\.ts$|\\.test\\.util\\.ts$|/testing/|/bench/';
const PROVIDERS = '^packages/model/src/providers/';
const allowedPackages = {
  skills: ['model'],
  approval: [],
  'mock-anthropic': [],
  model: [],
  protocol: ['model', 'approval'],
  tools: ['skills', 'model'],
  mcp: ['model', 'tools', 'protocol'],
  agent: ['model', 'protocol', 'skills', 'tools', 'approval'],
  session: ['model', 'protocol', 'skills', 'tools', 'approval', 'agent', 'mcp'],
};

/** The apps; each may import packages only, never another app. */
const apps = ['line-cli', 'blessed-tui', 'evals'];

const appRules = apps.map((app) => ({
  name: `app-${app}-imports-no-app`,
  comment: `apps/${app} may import packages, never another app: shared code belongs in packages/session`,
  severity: 'error',
  from: { path: `^apps/${app}/` },
  to: { path: apps.filter((a) => a !== app).map((a) => `^apps/${a}/|@coding-harness/${a}(/|$)`) },
}));

const packageRules = Object.entries(allowedPackages).map(([from, allowed]) => ({
  name: `layer-${from}`,
  comment: `packages/${from} may import only: ${allowed.join(', ') || 'no workspace package'}`,
  severity: 'error',
  from: { path: pkg(from), pathNot: notShipped },
  to: {
    path: '^(packages|apps)/|node_modules/@coding-harness/',
    pathNot: [`^packages/${from}/`, ...allowed.map((a) => `^packages/${a}/|@coding-harness/${a}/`)],
  },
}));

/** The seams inside and under the model package. */
const modelRules = [
  {
    name: 'loop-imports-no-provider',
    comment: 'packages/agent speaks the neutral model layer only: providers are wired in by packages/session',
    severity: 'error',
    from: { path: pkg('agent'), pathNot: notShipped },
    to: { path: PROVIDERS },
  },
  {
    name: 'model-core-imports-no-provider',
    comment: "the model package's neutral core never imports a provider (each is its own subpath)",
    severity: 'error',
    from: { path: '^packages/model/src/', pathNot: `${PROVIDERS}|${notShipped}` },
    to: { path: PROVIDERS },
  },
  {
    name: 'provider-imports-no-other-provider',
    comment: 'a provider imports the neutral core and its own files, never another provider',
    severity: 'error',
    from: { path: `${PROVIDERS}([^/]+)/`, pathNot: notShipped },
    to: { path: PROVIDERS, pathNot: `${PROVIDERS}$1/` },
  },
];

module.exports = {
  forbidden: [
    ...packageRules,
    ...modelRules,
    ...appRules,
    {
      name: 'no-ui-in-packages',
      comment: 'packages/ never import blessed or node:readline: the UI lives in apps/',
      severity: 'error',
      from: { path: '^packages/' },
      to: {
        path: [
          '(^|/)node_modules/.*/blessed/',
          '(^|/)node_modules/blessed/',
          '^blessed$',
          '^readline',
          '^node:readline',
        ],
      },
    },
    {
      name: 'no-ui-in-packages-core',
      severity: 'error',
      from: { path: '^packages/' },
      to: { dependencyTypes: ['core'], path: '^readline(/promises)?$' },
    },
    {
      name: 'no-app-imports-from-packages',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^apps/|@coding-harness/(line-cli|blessed-tui|evals)(/|$)' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      from: { path: '^(packages|apps)/' },
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules|\\.turbo)/' },
    tsPreCompilationDeps: true,
    combinedDependencies: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['@coding-harness/source', 'import', 'node', 'default'],
      extensions: ['.ts', '.js', '.mjs', '.json'],
    },
    tsConfig: { fileName: require('node:path').join(__dirname, 'tsconfig.base.json') },
  },
};
