export {
  FakeSession,
  type FakeSessionOptions,
  type FakeStep,
  type FakeTurn,
  type ScriptEvent,
} from './fake-session.js';
export { reduce, type Action } from './reduce.js';
export { initialState, type ViewState, type Item, type Activity } from './view-state.js';
export { filterSkills } from './picker-state.js';
export { completions, type Completion } from './completion.js';
export { interpret, helpText, COMMANDS, type Interpreted } from './commands.js';
export { statusLine, DROP_ORDER, MIN_MODEL, MIN_ROOT } from './status-line.js';
export { runTui, type TuiIo } from './app.js';
export type { ClientOptions } from './session-client.js';
export type { TuiApp } from './tui-app.js';
export { demoSession } from './demo-script.js';
export { main, type CliIo } from './cli.js';
