/**
 * `@coding-harness/session/args`: flag parsing and the help text alone, for a front end that
 * must answer `--help`, `--version` or a usage error before loading the agent (both bins). It
 * imports only node:util, the flags and slash-command tables and the approval rules parser,
 * never the agent, tools, skills or the SDK; the main entry exports the same functions.
 */
export { parseHarnessArgs, normalizeArgv } from './args.js';
export type { HarnessFlags, HarnessCommand, OutputFormat, InputFormat, ParseResult, EffortFlag } from './args.js';
export { EFFORTS, FLAGS } from './flags.js';
export { helpText } from './help.js';
export type { HelpAudience } from './help.js';
