/**
 * `@coding-harness/session`: the one place that turns argv, environment and config into a
 * running harness, for every front end (`harness`, `harness-tui`) and the evals: the flags table
 * and its parser and help, credentials and config dirs (XDG), skill discovery and repository
 * trust, the tool registry, the policy and the agent (`buildHarness`), the slash-command table
 * and its dispatcher, and listings as data. Nothing here prints.
 */
export { parseHarnessArgs, normalizeArgv } from './args.js';
export type { HarnessFlags, HarnessCommand, OutputFormat, InputFormat, ParseResult, EffortFlag } from './args.js';
export {
  EFFORTS,
  FLAGS,
  FLAG_GROUPS,
  CONFLICTS,
  OUTPUT_FORMATS,
  flagHelpLines,
  flagsMarkdownTable,
  parseArgsOptions,
} from './flags.js';
export type { FlagGroup, FlagSpec } from './flags.js';
export { helpText } from './help.js';
export type { HelpAudience } from './help.js';
export { createSession, sessionOver } from './session.js';
export { skillSummary } from './skill-summary.js';
export type { Session, SessionInfo, SessionIo } from './session.js';
export { formatHelp, formatSlashResult, resultHeading } from './slash-format.js';
export { createResultStore, expandResult, KEPT_RESULTS, STREAM_KEEP_CHARS, wholeResult } from './result-store.js';
export type { KeptResult, KeptStream, ResultStore } from './result-store.js';
export type { FormatOptions } from './slash-format.js';
export { historyEvents, resultLine } from './history-events.js';
export { buildHarness, discoverFor, discoveryMessages, discoverySummary } from './build.js';
export { createSkillsPlugin } from './skills/plugin.js';
export type { SkillsPlugin, SkillsPluginOptions, SkillsPluginUpdate } from './skills/plugin.js';
export { createSkillTool, SKILL_RULES, SKILL_TOOL_NAME, SKILL_NAME_ENUM_BUDGET } from './skills/skill.js';
export type { SkillToolRuntime, SkillToolOptions } from './skills/skill.js';
export { matchSkill, skillWords, MIN_HITS } from './skills/auto-skill.js';
export { parseSlashSkill, parseSlashSkills } from './skills/forced-skill.js';
export { sessionSandbox, splitDomainRules } from './sandbox-config.js';
export type { SandboxWiring } from './sandbox-config.js';
export type { Harness, HarnessIo, HarnessTuning } from './build.js';
export { routeSlash, shadowedSkillNotes } from './slash.js';
export type { SlashRoute, RouteOptions } from './slash.js';
export {
  SLASH_TABLE,
  SLASH_COMMANDS,
  findSlashCommand,
  runSlashCommand,
  slashCommandInfo,
  slashHelpSummary,
  slashMarkdownTable,
  slashWords,
} from './commands.js';
export { createSessionControls, PERMISSIONS_ORIGIN } from './controls.js';
export { effortChoices } from './efforts.js';
export type { ControlDeps, SessionControls } from './controls.js';
export { MODE_CYCLE, modeIndicator, parseModeArg } from './mode.js';
export { formatCost, formatStatus, formatUsd, cacheReadPercent, inputTokens } from './status.js';
export { formatSessionRows, listSessions, shortTime } from './sessions-list.js';
export type { SlashCommand, SlashCommandName, SlashDeps } from './commands.js';
export {
  configDir,
  resolveCredentials,
  resolveModel,
  resolveWorkroot,
  UsageError,
  DEFAULT_MODEL,
  MISSING_KEY_MESSAGE,
} from './config.js';
export type { Credentials, HarnessEnv } from './config.js';
export { noSkillsMessage, formatSkillRows, formatGrants, NO_SKILLS_MESSAGE, SKILLS_OFF_MESSAGE } from './listings.js';
export { sanitize, sanitizeStyled, isTerminalSafe } from './sanitize.js';
export type { SanitizeOptions } from './sanitize.js';
export { createPromptHistory, historyFile, HISTORY_LIMIT } from './history.js';
export type { PromptHistory, PromptHistoryOptions } from './history.js';
export { modelSettingsFor } from './model-settings.js';
export type { ModelSettings } from './model-settings.js';
export { applyProjectTrust } from './project-trust.js';
export type { AskTrustFn, ProjectTrust, TrustAnswer, TrustQuestion } from './project-trust.js';
export { readTrust, recordTrust, repositoryKey, trustDecision, trustFile } from './trust.js';
export type { TrustDecision, TrustEntry, TrustRead } from './trust.js';
export { webActivity, webActivityLines } from './web/activity.js';
export type { WebActivity } from './web/activity.js';
export { sandboxForInfo } from './web/sandbox-info.js';
export { rewindPointLine } from './rewind/format.js';
// Claude Code's settings files (merged with each value's file) and memory files.
export * from './settings/index.js';
export * from './memory/index.js';
export { mentionCompletions, mentionToken } from './mentions/complete.js';
export { enabledPluginsFor } from './agents/wiring.js';
export { AGENT_RULES } from './agents/agent-tool.js';
export type { AgentDefinition, AgentSource } from './agents/agent-file.js';
export { pasteLabel, pasteNeedsLabel } from './paste-label.js';
export { trustSubjectLines } from './trust-subjects.js';
export type { TrustSubjectLine } from './trust-subjects.js';
export { editorArgv, editorCommand, editorOutcome } from './editor-command.js';
export { MCP_USAGE, runMcpCli } from './mcp/cli.js';
export type { McpCliContext, McpCliResult } from './mcp/cli.js';
export type { AskMcpServerFn, McpServerAnswer, McpServerQuestion } from './mcp/ask.js';
export { elicitationLines, formInput, formPrompt, startForm } from './mcp/elicitation-form.js';
export type { ElicitationForm } from './mcp/elicitation-form.js';
