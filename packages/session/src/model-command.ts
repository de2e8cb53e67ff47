/**
 * `/model [id]` and `/effort [level]` as data: with no argument, what the next request uses and
 * what the catalogue offers; with one (an id, or a family alias: `sonnet`, `opus`, `haiku`), a switch of the next request's setting, checked against
 * the model catalogue first (an id it does not know, or an effort the model would answer with a
 * 400, is refused with what is accepted).
 */
import type { SlashResult } from '@coding-harness/protocol';
import type { SessionControls } from './controls.js';

/** `/model <args>`: the list, or the switch. */
export function modelResult(controls: SessionControls, args: string): SlashResult {
  const id = args.trim();
  const previous = controls.status().model;
  if (id === '') return { kind: 'models', current: previous, rows: controls.models() };
  const error = controls.setModel(id);
  if (error !== undefined) return { kind: 'error', command: 'model', message: error };
  // An alias (`sonnet`) switched to the id it stands for: say that id.
  return { kind: 'model', model: controls.status().model, previous };
}

/** `/effort <args>`: what it is, or the switch. */
export function effortResult(controls: SessionControls, args: string): SlashResult {
  const level = args.trim();
  if (level !== '') {
    const error = controls.setEffort(level);
    if (error !== undefined) return { kind: 'error', command: 'effort', message: error };
  }
  const status = controls.status();
  return {
    kind: 'effort',
    model: status.model,
    ...(status.effort !== undefined ? { effort: status.effort } : {}),
    efforts: status.efforts,
    changed: level !== '',
  };
}
