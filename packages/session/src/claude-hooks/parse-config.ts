/**
 * Parses Claude Code's hooks object (`{ "<Event>": [{ "matcher": "...", "hooks": [{ "type":
 * "command", "command": "...", "timeout": 30 }] }] }`) into command hooks. What cannot be run is
 * skipped with a line naming the file, the event and what to change; nothing here throws.
 */
import { checkMatcher } from './matcher.js';
import type { CommandHook, HookConfig, HookEventName, HookSource } from './types.js';
import { DEFAULT_TIMEOUT_SEC, HOOK_EVENTS } from './types.js';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isEvent = (name: string): name is HookEventName => (HOOK_EVENTS as readonly string[]).includes(name);

/** The hooks of every source, in the order given; problems say which file and what to fix. */
export function parseHookSources(sources: readonly HookSource[]): HookConfig {
  const out: HookConfig = { hooks: [], problems: [] };
  for (const source of sources) {
    const one = parseHookSource(source);
    out.hooks.push(...one.hooks);
    out.problems.push(...one.problems);
  }
  return out;
}

/** One source's hooks. */
export function parseHookSource(source: HookSource): HookConfig {
  const where = `${source.file} (${source.source})`;
  const out: HookConfig = { hooks: [], problems: [] };
  if (source.hooks === undefined || source.hooks === null) return out;
  if (!isObject(source.hooks)) {
    out.problems.push(`${where}: "hooks" must be an object of events; ignored`);
    return out;
  }
  for (const [event, groups] of Object.entries(source.hooks)) {
    if (!isEvent(event)) {
      out.problems.push(
        `${where}: hook event "${event}" is not run by this harness (it runs ${HOOK_EVENTS.join(', ')}); ignored`,
      );
      continue;
    }
    if (!Array.isArray(groups)) {
      out.problems.push(`${where}: hooks.${event} must be a list of { "matcher", "hooks" } entries; ignored`);
      continue;
    }
    groups.forEach((group: unknown, i) => parseGroup(source, where, event, `hooks.${event}[${i}]`, group, out));
  }
  return out;
}

function parseGroup(
  source: HookSource,
  where: string,
  event: HookEventName,
  at: string,
  group: unknown,
  out: HookConfig,
): void {
  if (!isObject(group) || !Array.isArray(group['hooks'])) {
    out.problems.push(`${where}: ${at} must be { "matcher": "...", "hooks": [ ... ] }; ignored`);
    return;
  }
  const rawMatcher = group['matcher'];
  if (rawMatcher !== undefined && typeof rawMatcher !== 'string') {
    out.problems.push(
      `${where}: ${at}.matcher must be a string (a tool name, "A|B", a regular expression or "*"); ignored`,
    );
    return;
  }
  const matcher = rawMatcher ?? '';
  const bad = checkMatcher(matcher);
  if (bad !== undefined) {
    out.problems.push(`${where}: ${at}.matcher ${JSON.stringify(matcher)}: ${bad}; ignored`);
    return;
  }
  group['hooks'].forEach((hook: unknown, j) => {
    const parsed = parseCommand(hook);
    if (typeof parsed === 'string') {
      out.problems.push(`${where}: ${at}.hooks[${j}]: ${parsed}; ignored`);
      return;
    }
    const row: CommandHook = {
      event,
      matcher,
      ...parsed,
      source: source.source,
      file: source.file,
      trusted: source.trusted,
      ...(source.pluginRoot !== undefined ? { pluginRoot: source.pluginRoot } : {}),
      ...(source.skill !== undefined ? { skill: source.skill } : {}),
    };
    out.hooks.push(row);
  });
}

/** `{ type: "command", command, timeout? }`, or what is wrong with it. */
function parseCommand(hook: unknown): { command: string; timeoutSec: number } | string {
  if (!isObject(hook)) return 'must be { "type": "command", "command": "..." }';
  if (hook['type'] !== 'command')
    return `hook type ${JSON.stringify(hook['type'])} is not run by this harness (only "command" is)`;
  const command = hook['command'];
  if (typeof command !== 'string' || command.trim() === '') return '"command" must be a non-empty string';
  const timeout = hook['timeout'];
  if (timeout === undefined) return { command, timeoutSec: DEFAULT_TIMEOUT_SEC };
  if (typeof timeout !== 'number' || !Number.isFinite(timeout) || timeout <= 0)
    return `"timeout" must be a positive number of seconds, not ${JSON.stringify(timeout)}`;
  return { command, timeoutSec: timeout };
}
