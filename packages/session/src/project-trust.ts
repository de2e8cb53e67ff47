import type { Skill } from '@coding-harness/skills';
import { recordTrust, trustDecision } from './trust.js';
import type { TrustDecision } from './trust.js';

/** What the interactive front end is asked when an untrusted repository's skills carry `allowed-tools`. */
export interface TrustQuestion {
  /** The repository (git top-level, else the work root). */
  repo: string;
  /** The project skills whose `allowed-tools` would apply, with those rules (text from the repository: sanitize before showing). */
  skills: { name: string; allowedTools: readonly string[] }[];
  /** The repository's settings files and what each would grant (`permissions.allow`, `hooks`, ...); absent or empty: none. */
  settings?: { file: string; keys: readonly string[] }[];
}

/** `trust` and `never` are recorded; `not-now` applies to this run only (asked again next time). */
export type TrustAnswer = 'trust' | 'not-now' | 'never';

/** Asks the question once; `-p` has none (the grants are then absent and a notice names `--trust`). */
export type AskTrustFn = (question: TrustQuestion) => Promise<TrustAnswer>;

export interface ProjectTrustInput {
  skills: readonly Skill[];
  repo: string;
  file: string;
  /** `--trust`: record trust before anything else. */
  trustFlag: boolean;
  /** What the repository's settings files would grant once trusted (the settings loader's `withheld`): a reason to ask too. */
  settingsGrants?: readonly { file: string; keys: readonly string[] }[];
  ask?: AskTrustFn;
  now?: Date;
}

/** The skills to give the agent, whether the repository is trusted, and lines for stderr. */
export interface ProjectTrust {
  skills: readonly Skill[];
  trusted: boolean;
  messages: string[];
}

/** A project skill's rules are dropped: the skill still loads, it just pre-approves nothing. */
function withoutGrants(skill: Skill): Skill {
  return skill.source === 'project' && skill.allowedTools.length > 0 ? { ...skill, allowedTools: [] } : skill;
}

const ANSWER_DECISION: Readonly<Record<TrustAnswer, TrustDecision | undefined>> = {
  trust: 'trusted',
  'not-now': undefined,
  never: 'never',
};

/**
 * Applies the repository's trust decision to discovered skills. Trusted (recorded, or `--trust`,
 * or answered "trust" now): skills unchanged. Otherwise project skills keep loading but lose
 * their `allowed-tools`, and one message says so and names `--trust`. Personal and `--skills`
 * skills are never changed. The question is put only when there is no recorded decision and
 * some project skill has `allowed-tools`. Failures to read or write the file are messages.
 */
export async function applyProjectTrust(input: ProjectTrustInput): Promise<ProjectTrust> {
  const messages: string[] = [];
  const granting = input.skills.filter((s) => s.source === 'project' && s.allowedTools.length > 0);
  if (input.trustFlag) {
    const problem = recordTrust(input.file, input.repo, 'trusted', input.now);
    if (problem) messages.push(problem);
    return { skills: input.skills, trusted: true, messages };
  }
  const recorded = trustDecision(input.file, input.repo);
  if (recorded.problem) messages.push(recorded.problem);
  let decision = recorded.decision;
  if (decision === 'trusted') return { skills: input.skills, trusted: true, messages };
  const settings = input.settingsGrants ?? [];
  if (granting.length === 0 && settings.length === 0) return { skills: input.skills, trusted: false, messages };
  if (decision === undefined && input.ask) {
    const answer = await input.ask({
      repo: input.repo,
      skills: granting.map((s) => ({ name: s.name, allowedTools: s.allowedTools })),
      ...(settings.length > 0 ? { settings: settings.map((g) => ({ file: g.file, keys: g.keys })) } : {}),
    });
    decision = ANSWER_DECISION[answer];
    if (decision) {
      const problem = recordTrust(input.file, input.repo, decision, input.now);
      if (problem) messages.push(problem);
    }
    if (decision === 'trusted') return { skills: input.skills, trusted: true, messages };
  }
  // The settings loader already said what the repository's settings files did not get.
  if (granting.length === 0) return { skills: input.skills, trusted: false, messages };
  const names = granting.map((s) => `/${s.name}`).join(', ');
  const why = decision === 'never' ? 'you chose never to trust this repository' : 'this repository is not trusted';
  messages.push(
    `project skills ${names} load without their allowed-tools (${why}: ${input.repo}); rerun with --trust to trust it`,
  );
  return { skills: input.skills.map(withoutGrants), trusted: false, messages };
}
