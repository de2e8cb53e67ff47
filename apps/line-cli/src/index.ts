/** `@coding-harness/line-cli`: the `harness` command as a function and its line renderers; the wiring is `@coding-harness/session`. */
export { main } from './main.js';
export type { CliIo, OutStream } from './io.js';
export {
  createEventRenderer,
  formatUsageLine,
  toolStartLine,
  toolResultLine,
  retryReason,
  refusalLine,
} from './render.js';
export { approvalPrompt, ANSWER_HINT } from './question.js';
export type { ApprovalPrompt } from './question.js';
export { parseTrustAnswer, trustQuestionLines, TRUST_PROMPT } from './trust-question.js';
export type { Chunk, EventRenderer, RenderOptions } from './render.js';
export { parseApprovalAnswer } from './approval-answer.js';
export { VERSION } from './version.js';
