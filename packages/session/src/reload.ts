/**
 * `/reload-skills`: discovery again in the middle of a session. The system prompt and the tool
 * list keep every byte they were sent with (the prompt cache, and the thinking blocks the API
 * binds to that prefix, stay valid); only the skills plugin's data is swapped: what changed is
 * told to the model in one message after the next user message, and the skill tool, `/name` and
 * auto-matching use the new skills from that turn on (the tool set is not rebuilt). A skill body
 * edited on disk needs none of this: the skill tool reads it at every load.
 */
import type { Agent } from '@coding-harness/agent';
import type { DiscoverResult, Skill } from '@coding-harness/skills';
import type { SkillsPlugin } from './skills/plugin.js';

/** What a reload found, for the front end to print and for a caller to check. */
export interface SkillsReload {
  /** Names of skills that appeared, sorted. */
  added: string[];
  /** Names of skills that are gone, sorted. */
  removed: string[];
  /** Names whose description (or when-to-use text) changed, sorted. */
  changed: string[];
  /** Discovery lines (`skill skipped: ...`, `skill note: ...`) that were not there before. */
  messages: string[];
  /** What the model will be told after the next user message ('' when nothing it can use changed). */
  note: string;
}

/** One discovery pass as the session applies it: what was found and the skills the session offers. */
export interface Rediscovery {
  discovery: DiscoverResult;
  /** After the trust decision and deny rules, as at start-up. */
  skills: readonly Skill[];
  messages: string[];
}

export interface ReloaderDeps {
  agent: Agent;
  /** The session's skills plugin (absent with `--no-skills`): a reload swaps its skills. */
  plugin?: SkillsPlugin;
  /** The start-up pass: the system prompt lists its skills. */
  initial: Rediscovery;
  rediscover(): Promise<Rediscovery>;
  /** Whether the session's tool set has the skill tool (it started with skills); default: the initial pass had skills. */
  hasTool?: boolean;
  /** False with `--no-skills`: a reload then does nothing and says so. */
  skillsEnabled: boolean;
  /** The skill folders the agent was created with as `protectedDirs`: a reload hands over only new ones. */
  protectedAtStart: readonly string[];
}

/** The session's current skills and the reload that replaces them. */
export interface SkillReloader {
  skills(): readonly Skill[];
  discovery(): DiscoverResult;
  reload(): Promise<SkillsReload>;
}

/** The description as the listing shows it: one line, whitespace collapsed, capped. */
function entryText(skill: Skill): string {
  const text = [skill.description, skill.whenToUse].filter((t) => t !== undefined && t !== '').join(' - ');
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 1_536 ? `${line.slice(0, 1_535)}…` : line;
}

/** Model-invocable skills by name. */
function offered(skills: readonly Skill[]): Map<string, Skill> {
  return new Map(skills.filter((s) => !s.disableModelInvocation).map((s) => [s.name, s]));
}

/** What changed between two skill sets, as far as the model can use them. */
export function skillDiff(
  before: readonly Skill[],
  after: readonly Skill[],
): { added: Skill[]; removed: string[]; changed: Skill[] } {
  const a = offered(before);
  const b = offered(after);
  const added = [...b.values()].filter((s) => !a.has(s.name));
  const removed = [...a.keys()].filter((n) => !b.has(n));
  const changed = [...b.values()].filter((s) => a.has(s.name) && entryText(a.get(s.name)!) !== entryText(s));
  const byName = (x: { name: string }, y: { name: string }): number => (x.name < y.name ? -1 : x.name > y.name ? 1 : 0);
  return { added: added.sort(byName), removed: removed.sort(), changed: changed.sort(byName) };
}

/**
 * The message telling the model what changed ('' when nothing did). `hasTool` is false when the
 * session's tool list has no skill tool (it started without skills): the user can still force a
 * skill with `/name`.
 */
export function reloadNote(diff: ReturnType<typeof skillDiff>, hasTool: boolean): string {
  if (diff.added.length + diff.removed.length + diff.changed.length === 0) return '';
  const parts = [
    'The skills were reloaded during this session. Where the list in the system prompt differs from what follows, this is current.',
  ];
  if (diff.added.length > 0)
    parts.push(`Added skills:\n${diff.added.map((s) => `- ${s.name}: ${entryText(s)}`).join('\n')}`);
  if (diff.changed.length > 0)
    parts.push(`Changed descriptions:\n${diff.changed.map((s) => `- ${s.name}: ${entryText(s)}`).join('\n')}`);
  if (diff.removed.length > 0) parts.push(`Removed skills (they can no longer be loaded): ${diff.removed.join(', ')}.`);
  parts.push(
    hasTool
      ? 'Load a skill with the skill tool by its name, even one the tool’s enum does not list.'
      : 'This session has no skill tool for you to call; the user can load one with /name.',
  );
  return parts.join('\n\n');
}

/** The reloader of one session; `skills()` and `discovery()` follow each reload. */
export function createSkillReloader(deps: ReloaderDeps): SkillReloader {
  let current = deps.initial;
  const hasTool = deps.hasTool ?? deps.initial.skills.length > 0;
  // Folders the agent already protects, built at the first reload. Handing every folder over again
  // made the agent compare each with every one it had (10,000 skills: about 1.5 s a reload).
  let handedOver: Set<string> | undefined;
  const newDirs = (skills: readonly Skill[]): string[] => {
    handedOver ??= new Set(deps.protectedAtStart);
    const fresh: string[] = [];
    for (const { dir } of skills) {
      if (handedOver.has(dir)) continue;
      handedOver.add(dir);
      fresh.push(dir);
    }
    return fresh;
  };
  return {
    skills: () => current.skills,
    discovery: () => current.discovery,
    async reload() {
      if (!deps.skillsEnabled)
        return {
          added: [],
          removed: [],
          changed: [],
          messages: ['skills are off in this session (--no-skills)'],
          note: '',
        };
      const next = await deps.rediscover();
      const diff = skillDiff(current.skills, next.skills);
      const note = reloadNote(diff, hasTool);
      const seen = new Set(current.messages);
      const messages = next.messages.filter((m) => !seen.has(m));
      // Manual-only skills are not the model's business, but `/name` must see them too.
      const names = (list: readonly Skill[]): Set<string> => new Set(list.map((s) => s.name));
      const before = names(current.skills);
      const after = names(next.skills);
      const added = [...after].filter((n) => !before.has(n)).sort();
      const removed = [...before].filter((n) => !after.has(n)).sort();
      deps.plugin?.update({
        skills: next.skills,
        discovery: next.discovery,
        note,
        sinceStart: reloadNote(skillDiff(deps.initial.skills, next.skills), hasTool),
      });
      deps.agent.updateSkills({ skills: next.skills, protectedDirs: newDirs(next.skills) });
      current = next;
      return { added, removed, changed: diff.changed.map((s) => s.name), messages, note };
    },
  };
}
