/**
 * Two steps of `buildHarness` kept out of build.ts: which session the run starts on (`--resume`,
 * `--continue`, `--session-id`), and the rediscovery `/reload-skills` runs (skills with the
 * session's trust decision and deny rules, and the agent files again).
 */
import type { SessionStore } from '@coding-harness/agent';
import type { DiscoverResult, Skill } from '@coding-harness/skills';
import type { HarnessFlags } from './args.js';
import { UsageError } from './config.js';
import type { HarnessEnv } from './config.js';
import { discoverFor, discoveryMessages } from './discovery-wiring.js';
import { forkSession } from './fork-session.js';
import { applyProjectTrust } from './project-trust.js';
import type { Rediscovery } from './reload.js';
import { trustFile } from './trust.js';

/** The session id to resume, if any; a UsageError when `--session-id` cannot name a new session. */
export async function startingSession(
  flags: HarnessFlags,
  store: SessionStore,
  workroot: string,
  messages: string[],
): Promise<string | undefined> {
  const resuming = flags.resume !== undefined || flags.continue;
  if (flags.forkSession && !resuming)
    throw new UsageError('--fork-session copies a resumed session: use it with --resume ID or --continue');
  // A script naming the new session's id must not write into an existing one (a fork's copy is new).
  if (flags.sessionId !== undefined && resuming && !flags.forkSession)
    throw new UsageError('--session-id names a new session: leave out --resume and --continue (or add --fork-session)');
  if (flags.sessionId !== undefined && (await store.load(flags.sessionId)).ok)
    throw new UsageError(
      `--session-id ${flags.sessionId}: a session with this id exists already; resume it with --resume ${flags.sessionId}, or pick a new id`,
    );
  const id = flags.continue ? (await store.latest(workroot))?.id : flags.resume;
  if (flags.continue && id === undefined) messages.push('no earlier session in this work root; starting a new one');
  if (id === undefined || !flags.forkSession) return id;
  const forked = await forkSession(store, id, {
    now: new Date(),
    ...(flags.sessionId ? { newId: flags.sessionId } : {}),
  });
  if (forked instanceof UsageError) throw forked;
  messages.push(`session ${id} forked: this run continues in session ${forked}`);
  return forked;
}

/** `/reload-skills`' new pass: the same trust decision and deny rules as at start, and the agents read again. */
export function rediscoverer(w: {
  flags: HarnessFlags;
  env: HarnessEnv;
  io: { home: string; cwd: string };
  workroot: string;
  repository: string;
  trusted: boolean;
  enabledPlugins: Parameters<typeof discoverFor>[4];
  deniedOf(skills: readonly Skill[]): Set<string>;
  reloadAgents(discovery: DiscoverResult): string[];
}): () => Promise<Rediscovery> {
  return async () => {
    const found = await discoverFor(w.flags, w.workroot, w.io.home, w.io.cwd, w.enabledPlugins);
    const applied = w.trusted
      ? found.skills
      : (
          await applyProjectTrust({
            skills: found.skills,
            repo: w.repository,
            file: trustFile(w.env, w.io.home),
            trustFlag: false,
          })
        ).skills;
    const deny = w.deniedOf(applied);
    // The agent files are read again too (a plugin's agents come with the new discovery).
    const agentLines = w.reloadAgents(found);
    return {
      discovery: found,
      skills: applied.filter((s) => !deny.has(s.name)),
      messages: [...discoveryMessages(found), ...agentLines],
    };
  };
}
