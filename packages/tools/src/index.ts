export type * from './types.js';
export { resolveInJail, displayPath, isWithin, realRoot } from './jail.js';
export type { JailResult } from './jail.js';
export { createReadTracker } from './read-tracker.js';
export { raceAbort } from './race-abort.js';
export { createToolRegistry, toolDefinition, builtinRuleNames, prepareCall, BUILTIN_TOOL_NAMES } from './registry.js';
export { defineTool, jsonSchemaOf, zodValidator } from './define-tool.js';
export type { ZodToolSpec } from './define-tool.js';
export { ruleEntryOf } from './rule-table.js';
export type { RegistryOptions } from './registry.js';
export { createToolContext } from './context.js';
export type { ToolContextOptions } from './context.js';
export { readFileTool, READ_LINE_CAP, READ_BYTE_CAP, READ_LINE_CHARS } from './read-file.js';
export {
  readMedia,
  mediaOf,
  sniffMedia,
  imageSize,
  IMAGE_MAX_BASE64,
  IMAGE_MAX_BYTES,
  IMAGE_MAX_SIDE,
  PDF_MAX_PAGES,
  PDF_MAX_BYTES,
} from './read-file-media.js';
export type { MediaType, MediaRead } from './read-file-media.js';
export { writeFileTool } from './write-file.js';
export { editFileTool, applyEdit } from './edit-file.js';
export type { EditOutcome } from './edit-file.js';
export { unifiedDiff, diffLines, RESULT_DIFF_MAX_LINES } from './diff.js';
export type { DiffOp, UnifiedDiffOptions } from './diff.js';
export { globTool, createGlobTool, globFiles, GLOB_CAP } from './glob.js';
export { grepTool, createGrepTool, grepSearch } from './grep.js';
export type { GrepOptions, GrepOutcome } from './grep.js';
export { findRg, processRgFor, RG_WALK_FLAGS, rgWalkFlags } from './grep-rg.js';
export { toRustRegex, translatePattern, compilePattern } from './grep-regex.js';
export { loadRe2 } from './re2.js';
export { GREP_LINE_MAX_BYTES, GREP_BLOCK_BYTES } from './grep-scan.js';
export { GITIGNORE_MAX_BYTES, GITIGNORE_LINE_MAX } from './gitignore.js';
export { loadIgnoreMatcher } from './ignore-matcher.js';
export { PROTECTED_NAMES, CASE_INSENSITIVE_FS, protectedReason } from './protected-paths.js';
export {
  CREDENTIAL_ENV_NAMES,
  type StreamRedactor,
  MIN_SECRET_LENGTH,
  childEnv,
  createStreamRedactor,
  absolutePath,
  redactSecrets,
  secretLabelsFromEnv,
  secretsFromEnv,
} from './secrets.js';
export { GREP_FILE_CAP, GREP_LINE_CAP } from './grep-format.js';
export { walkFiles, SKIPPED_DIRS } from './walk.js';
export type { WalkOptions, WalkResult } from './walk.js';
export { createCachedWalk } from './walk-cached.js';
export type { CachedWalk } from './walk-cached.js';
export { bashTool, runBash, BASH_DEFAULT_TIMEOUT_MS, BASH_MAX_TIMEOUT_MS, BASH_OUTPUT_CAP } from './bash.js';
export type { BashRun, BashRunOptions } from './bash.js';
export { okResult, errorResult, abortedResult } from './result.js';
export { kindOf, openRegularSync } from './safe-open.js';
export { levenshtein, closest } from './levenshtein.js';
export { createSandbox } from './sandbox/sandbox.js';
export { describeSandbox } from './sandbox/describe.js';
export type { Sandbox, SandboxState, SandboxPlan, SandboxOutcome, SandboxDeps } from './sandbox/sandbox.js';
export { sandboxOptions, excludedFromSandbox, DEFAULT_ENV_ALLOW, DEFAULT_HIDDEN_IN_HOME } from './sandbox/options.js';
export type { SandboxOptions, SandboxOptionsInput } from './sandbox/options.js';
export { detectSandbox } from './sandbox/detect.js';
export type { Detection } from './sandbox/detect.js';
export { domainAllowed, badDomainEntries } from './sandbox/domains.js';
export { sandboxEnv, envAllowed } from './sandbox/env.js';
export { gitLayout, hooksPathDirs } from './git-dirs.js';
export type { GitLayout } from './git-dirs.js';
