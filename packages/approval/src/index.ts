export type * from './types.js';
export {
  createPolicy,
  authorizeNonInteractive,
  checkPolicyOptions,
  namesDeniedByRule,
  USER_ANSWER_ORIGIN,
} from './policy.js';
export type { Policy, PolicyOptions, TurnGrantOptions } from './policy.js';
export { alwaysRuleFor, alwaysRuleScope, alwaysBashPattern, FILTERS_TOO } from './always.js';
export { parseRule, parseRuleList, parseRules, formatRule } from './rules.js';
export type { Rule, ParsedRule } from './rules.js';
export {
  denialForNonInteractive,
  userDeniedMessage,
  ruleDeniedMessage,
  planModeMessage,
  shellQuote,
} from './messages.js';
export {
  MODE_MEANING,
  PERMISSION_MODES,
  PERMISSION_MODE_WORDS,
  isPermissionMode,
  modeVerdict,
  parsePermissionMode,
} from './modes.js';
export type { ModeVerdict } from './modes.js';
export { resolveToolName, toolTable, ruleSpelling } from './tool-table.js';
export type { RuleTool, RuleSpecifier, ToolTable } from './tool-table.js';
export { splitForAllow } from './shell/allow-walk.js';
export type { AllowSplit as Split, SimpleCommand } from './shell/allow-walk.js';
export type { BashPattern } from './bash-match.js';
export { preloadShellParser, parserLoadMs } from './shell/load.js';
export { programDanger } from './programs/index.js';
export type { Danger } from './programs/index.js';
