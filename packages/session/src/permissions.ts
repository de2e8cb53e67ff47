/**
 * `/permissions` as data: the rules in force, and `allow <rule>`, `deny <rule>`, `remove <rule>`
 * for the rest of the session, parsed with the same rule parser as `--allowed-tools` (so a rule
 * that would be a usage error as a flag is refused here with the same message).
 */
import type { SlashResult } from '@coding-harness/protocol';
import { FILTERS_TOO } from '@coding-harness/approval';
import type { SessionControls } from './controls.js';

export const PERMISSIONS_USAGE =
  'usage: /permissions [allow <rule> | deny <rule> | remove <rule>], e.g. /permissions allow Bash(npm test:*)';

/** `/permissions <args>`: the rules after doing what it asks of `controls`. */
export function permissionsResult(controls: SessionControls, args: string): SlashResult {
  const m = /^(\S+)(?:\s+([\s\S]*))?$/.exec(args.trim());
  const rules = (): Extract<SlashResult, { kind: 'rules' }> => {
    const { allowed, denied, asked = [] } = controls.rules();
    return {
      kind: 'rules',
      allowed: [...allowed],
      denied: [...denied],
      mode: controls.mode(),
      filters: FILTERS_TOO,
      ...(asked.length > 0 ? { asked: [...asked] } : {}),
    };
  };
  if (!m) return { ...rules(), hint: PERMISSIONS_USAGE };
  const verb = m[1]!;
  const rule = (m[2] ?? '').trim();
  const error = (message: string, action?: string): SlashResult => ({
    kind: 'error',
    command: action === undefined ? 'permissions' : `permissions ${action}`,
    message,
  });
  if ((verb === 'allow' || verb === 'deny' || verb === 'remove') && rule === '')
    return error(`which rule? ${PERMISSIONS_USAGE}`, verb);
  switch (verb) {
    case 'allow':
    case 'deny': {
      const problem = controls.addRule(verb, rule);
      if (problem !== undefined) return error(problem, verb);
      return { ...rules(), change: { verb, rule } };
    }
    case 'remove': {
      const removed = controls.removeRule(rule);
      if (typeof removed === 'string') return error(removed, 'remove');
      return { ...rules(), change: { verb, rule, removed } };
    }
    default:
      return error(`unknown action "${verb}". ${PERMISSIONS_USAGE}`);
  }
}
