/**
 * A custom agent's `skills:` preloaded: each named skill's SKILL.md body (read now, so an edited
 * skill applies) becomes a system block of the agent's thread after its own prompt, as Claude
 * Code injects the full skill content into a subagent's context at start. A name that is no
 * skill of the session, or a body that cannot be read, is a notice; the agent runs without it.
 */
import type { SystemText } from '@coding-harness/model';
import { loadBody } from '@coding-harness/skills';
import type { Skill } from '@coding-harness/skills';

export interface PreloadedSkills {
  blocks: SystemText[];
  /** One line per name that could not be preloaded, naming why. */
  problems: string[];
}

/** The blocks for `names`, looked up among `skills` (the session's, after trust and deny rules). */
export async function preloadSkills(names: readonly string[], skills: readonly Skill[]): Promise<PreloadedSkills> {
  const out: PreloadedSkills = { blocks: [], problems: [] };
  for (const name of names) {
    const skill = skills.find((s) => s.name === name);
    if (skill === undefined) {
      out.problems.push(`the skill "${name}" is not one of this session's skills`);
      continue;
    }
    const body = await loadBody(skill);
    if (!body.ok) {
      out.problems.push(body.error);
      continue;
    }
    out.blocks.push({
      text: `The skill "${skill.name}" is loaded for you (base directory ${skill.dir}):\n\n${body.body.trim()}`,
    });
  }
  return out;
}
