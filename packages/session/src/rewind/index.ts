export { createRewindPlugin, DEFAULT_CAP_BYTES, DEFAULT_MAX_FILE_BYTES } from './plugin.js';
export type { RewindConversation, RewindPlugin, RewindPluginOptions, RewindScope } from './plugin.js';
export { openRewindStore } from './store.js';
export type { CheckpointInfo, RewindStore, RewindStoreOptions } from './store.js';
export { rewindResult } from './command.js';
export { rewindFor } from './wiring.js';
