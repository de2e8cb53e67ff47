export type { TuiBackend } from './backend.js';
export { FakeBackend, type FakeStep, type FakeTurn } from './fake-backend.js';
export { reduce, type Action } from './reduce.js';
export { initialState, type ViewState, type Item, type Activity } from './view-state.js';
export { filterSkills } from './picker-state.js';
export { completions, type Completion } from './completion.js';
export { interpret, helpText, COMMANDS, type Interpreted } from './commands.js';
