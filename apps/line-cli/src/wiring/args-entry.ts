/**
 * `@coding-harness/line-cli/args`: flag parsing and the help text alone, for a front end that
 * must answer `--help`, `--version` or a usage error before loading the agent (the TUI). It
 * imports only node:util and the approval rules parser, never the agent, tools, skills or the
 * SDK; `/wiring` exports the same functions for callers that need the whole wiring anyway.
 */
export { parseHarnessArgs, normalizeArgv } from './args.js';
export type { HarnessFlags, HarnessCommand, OutputFormat, ParseResult, EffortFlag } from './args.js';
export { EFFORTS } from './args.js';
export { helpText } from './help.js';
