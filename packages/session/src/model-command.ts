/**
 * `/model [id]` and `/effort [level]`: with no argument, what the next request uses and what
 * the catalogue offers; with one, a switch of the next request's setting, checked against the
 * model catalogue first (an id it does not know, or an effort the model would answer with a
 * 400, is refused with what is accepted).
 */
import type { SessionControls } from './controls.js';
import { effortChoices } from './efforts.js';

const tokens = (n: number): string => (n >= 1_000_000 ? `${n / 1_000_000}M` : `${Math.round(n / 1000)}k`);

/** The lines `/model <args>` prints, after switching when asked. */
export function modelCommand(controls: SessionControls, args: string): string[] {
  const id = args.trim();
  if (id === '') {
    const current = controls.status().settings.model;
    const rows = controls.models().map((m) => {
      const efforts = m.efforts.length > 0 ? `effort ${m.efforts.join('/')}` : 'no effort setting';
      return `${m.current ? '*' : ' '} ${m.id.padEnd(20)} ${tokens(m.contextWindow).padStart(5)} window, ${efforts}`;
    });
    return [`model: ${current} (the next request)`, ...rows, '/model <id> switches the next request'];
  }
  const before = controls.status().settings.model;
  const error = controls.setModel(id);
  if (error !== undefined) return [`/model: ${error}`];
  return before === id ? [`already on ${id}`] : [`model: ${id} from the next request (was ${before})`];
}

/** The lines `/effort <args>` prints, after switching when asked. */
export function effortCommand(controls: SessionControls, args: string): string[] {
  const level = args.trim();
  const status = controls.status();
  const { model, effort } = status.settings;
  if (level === '') return [`effort: ${effort ?? 'default'} (${model})`, effortChoices(model, status.efforts)];
  const error = controls.setEffort(level);
  if (error !== undefined) return [`/effort: ${error}`];
  return [`effort: ${level} from the next request (${model})`];
}
