/**
 * The shared wiring of both front ends (`harness` and `harness-tui`): flags, credentials,
 * discovery, registry, policy and agent, plus the slash-command router. Nothing here prints.
 */
export { parseHarnessArgs, normalizeArgv } from './args.js';
export type { HarnessFlags, HarnessCommand, OutputFormat, ParseResult, EffortFlag } from './args.js';
export { EFFORTS } from './args.js';
export { helpText } from './help.js';
export { buildHarness, discoverFor, discoveryMessages } from './build.js';
export type { Harness, HarnessIo } from './build.js';
export { routeSlash, SLASH_COMMANDS } from './slash.js';
export type { SlashRoute, SlashCommandName, RouteOptions } from './slash.js';
export { configDir, resolveCredentials, resolveModel, resolveWorkroot, UsageError, DEFAULT_MODEL, MISSING_KEY_MESSAGE } from './config.js';
export type { Credentials, HarnessEnv } from './config.js';
export { httpFetch } from '@coding-harness/agent';
export { nonInteractiveAsk } from './non-interactive.js';
export { slashHelpLines, noSkillsMessage, formatSkillRows, formatGrants, NO_SKILLS_MESSAGE, SKILLS_OFF_MESSAGE } from './listings.js';
export { sanitize } from './sanitize.js';
export type { SanitizeOptions } from './sanitize.js';
export { modelSettingsFor } from './model-settings.js';
export type { ModelSettings } from './model-settings.js';
export { applyProjectTrust } from './project-trust.js';
export type { AskTrustFn, ProjectTrust, TrustAnswer, TrustQuestion } from './project-trust.js';
export { readTrust, recordTrust, repositoryKey, trustDecision, trustFile } from './trust.js';
export type { TrustDecision, TrustEntry, TrustRead } from './trust.js';
