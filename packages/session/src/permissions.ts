/**
 * `/permissions`: the rules in force, and `allow <rule>`, `deny <rule>`, `remove <rule>` for the
 * rest of the session, parsed with the same rule parser as `--allowed-tools` (so a rule that
 * would be a usage error as a flag is refused here with the same message).
 */
import type { SessionControls } from './controls.js';
import { formatGrants } from './listings.js';

const USAGE =
  'usage: /permissions [allow <rule> | deny <rule> | remove <rule>], e.g. /permissions allow Bash(npm test:*)';

/** The lines `/permissions <args>` prints, after doing what it asks of `controls`. */
export function permissionsCommand(controls: SessionControls, args: string): string[] {
  const m = /^(\S+)(?:\s+([\s\S]*))?$/.exec(args.trim());
  const { allowed, denied } = controls.rules();
  if (!m) return [...formatGrants(allowed, denied, controls.mode()), USAGE];
  const verb = m[1]!;
  const rule = (m[2] ?? '').trim();
  if ((verb === 'allow' || verb === 'deny' || verb === 'remove') && rule === '')
    return [`/permissions ${verb}: which rule? ${USAGE}`];
  switch (verb) {
    case 'allow':
    case 'deny': {
      const error = controls.addRule(verb, rule);
      if (error !== undefined) return [`/permissions ${verb}: ${error}`];
      return [`${verb === 'allow' ? 'allow' : 'deny '} ${rule}  (session, /permissions)`];
    }
    case 'remove': {
      const removed = controls.removeRule(rule);
      if (typeof removed === 'string') return [`/permissions remove: ${removed}`];
      if (removed.length === 0) return [`no allow or deny rule reads ${rule}; /permissions lists them`];
      return removed.map((g) => `removed ${g.rule}  (was from ${g.origin})`);
    }
    default:
      return [`/permissions: unknown action "${verb}"`, USAGE];
  }
}
