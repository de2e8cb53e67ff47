export type * from './types.js';
export { discover } from './discover.js';
export { readSkillFile } from './read-skill-file.js';
export { readRegularFile, refusalText } from './read-regular.js';
export type { RegularRead } from './read-regular.js';
export {
  appendRegularFile,
  checkWriteTarget,
  fileKind,
  openRegularForAppend,
  replaceRegularFile,
} from './write-regular.js';
export type { AppendHandle, AppendOptions, WriteOptions, WriteTarget } from './write-regular.js';
export { loadBody } from './load-body.js';
export {
  formatListing,
  shortenedLine,
  unnamedLine,
  entryText,
  DEFAULT_BUDGET_CHARS,
  DEFAULT_DESCRIPTION_CAP,
} from './listing.js';
export { lint } from './lint.js';
export type { LintOptions } from './lint.js';
export { fixSkillName } from './lint-fix.js';
export type { NameFix } from './lint-fix.js';
export { CLAUDE_CODE_FIELDS, SKILL_EFFORTS } from './fields-claude.js';
export type { ClaudeCodeField } from './fields-claude.js';
export { splitToolList, parseAllowedTools, ruleSyntaxError } from './allowed-tools.js';
export type { AllowedTools, UnparsableRule } from './allowed-tools.js';
export { parseSkillFile, parseSkillBytes, suggestSlug, SLUG, MAX_SKILL_BYTES } from './validate.js';
export type { ParsedSkillFile, SkillFields } from './validate.js';
export { skillRoots, findGitTop, isOwnRepository } from './roots.js';
export type { RootSpec } from './roots.js';
export { listResources, MAX_RESOURCES, MAX_RESOURCE_DEPTH } from './resources.js';
export type { ResourceList } from './resources.js';
export { splitFrontmatter, parseFrontmatterYaml } from './frontmatter.js';
export type { SplitResult, YamlResult } from './frontmatter.js';
export { readInstalledPlugins, installedPluginRoots, INSTALLED_PLUGINS } from './plugins/installed.js';
export type { Installation, InstalledOptions } from './plugins/installed.js';
export { hiddenSkillNotes } from './hidden-skills.js';
