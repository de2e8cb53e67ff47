/** Claude Code's settings files for a session: load, merge with provenance, trust, and the project's "always" rules. */
export { loadSettings } from './load.js';
export type { LoadSettingsInputs } from './load.js';
export { settingsSources, localSettingsFile, harnessSettingsFile } from './sources.js';
export type { SettingsScope, SettingsSource } from './sources.js';
export { SETTINGS_KEYS, settingsKeysMarkdownRows } from './keys.js';
export type { SettingsKey, Support } from './keys.js';
export type { LoadedSettings, MergedSettings, Sourced, HookGroupSource, SettingsFileState } from './types.js';
export { addProjectAllowRules, claudeRuleText } from './project-rules.js';
export { withProjectAlways } from './always-project.js';
export { CLAUDE_CODE_FLAG_ROWS, claudeCompatMarkdownTable } from './compat.js';
export type { ClaudeFlagRow, FlagSupport } from './compat.js';
