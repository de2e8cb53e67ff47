export type * from './events.js';
