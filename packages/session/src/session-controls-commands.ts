/**
 * The commands that change or read the session's controls (split from session-commands.ts):
 * model, effort, permission mode and rules, and the status. A change is followed by a `status` event.
 */
import type { CommandData, CommandOf } from '@coding-harness/protocol';
import type { Harness } from './harness.js';

type ControlCommand = 'set_model' | 'set_effort' | 'set_mode' | 'cycle_mode' | 'add_rule' | 'remove_rule' | 'status';
type ControlHandlers = { [K in ControlCommand]: (command: CommandOf<K>) => CommandData[K] | string };

export function controlCommandHandlers(harness: Harness, emitStatus: () => void): ControlHandlers {
  return {
    set_model: ({ model }) => {
      const previous = harness.controls.status().model;
      const error = harness.controls.setModel(model);
      if (error !== undefined) return error;
      emitStatus();
      return { model: harness.controls.status().model, previous };
    },
    set_effort: ({ effort }) => {
      const error = harness.controls.setEffort(effort);
      if (error !== undefined) return error;
      emitStatus();
      const now = harness.controls.status().effort;
      return now === undefined ? {} : { effort: now };
    },
    set_mode: ({ mode }) => {
      const previous = harness.controls.mode();
      const error = harness.controls.setMode(mode);
      if (error !== undefined) return error;
      emitStatus();
      return { mode: harness.controls.mode(), previous };
    },
    cycle_mode: () => {
      const previous = harness.controls.mode();
      const mode = harness.controls.cycleMode();
      emitStatus();
      return { mode, previous };
    },
    add_rule: ({ list, rule }) => harness.controls.addRule(list, rule) ?? { list, rule },
    remove_rule: ({ rule }) => {
      const removed = harness.controls.removeRule(rule);
      return typeof removed === 'string' ? removed : { removed };
    },
    status: () => ({ status: harness.controls.status() }),
  };
}
