/** `@coding-harness/line-cli`: the `harness` command as a function, and the shared wiring. */
export { main } from './main.js';
export type { CliIo, OutStream } from './io.js';
export { createEventRenderer, formatUsageLine, toolStartLine, toolResultLine, approvalQuestion } from './render.js';
export type { Chunk, EventRenderer, RenderOptions } from './render.js';
export { parseApprovalAnswer } from './approval-answer.js';
export { VERSION } from './version.js';
export * from './wiring/index.js';
