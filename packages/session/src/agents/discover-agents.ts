/**
 * Finds the custom agents of a session, where Claude Code keeps them: `~/.claude/agents/*.md`
 * (personal), `<dir>/.claude/agents/*.md` for each folder from the repository's top down to the
 * work root (project: a nearer one wins, and project beats personal, as in Claude Code), and
 * each loaded plugin's `agents/` (named `<plugin>:<name>`). A repository's agents, and the agents
 * of plugins found in the repository, load only once the repository is trusted: an agent's
 * system prompt steers a model that runs tools, so a cloned repository does not get to write
 * one unasked. Never throws: a broken file is a problem naming it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { findGitTop } from '@coding-harness/skills';
import type { PluginRecord, SkillIssue } from '@coding-harness/skills';
import type { AgentDefinition, AgentSource } from './agent-file.js';
import { readAgentFile } from './agent-file.js';
import { BUILTIN_AGENTS } from './builtin.js';

/** Agent files read at most per session (a folder of thousands is cut, with a note). */
export const MAX_AGENT_FILES = 500;

export interface AgentDiscoveryInput {
  home: string;
  workroot: string;
  /** False with `--untrusted`: no repository folder is looked at. Default true. */
  projectRoots?: boolean;
  /** Whether the repository is trusted (recorded, or `--trust`): its agents load only then. */
  projectTrusted: boolean;
  /** The plugins discovery loaded (`DiscoverResult.plugins`). */
  plugins?: readonly PluginRecord[];
  /** `--agents` JSON's agents, already parsed: above personal agents, below the repository's. */
  flagAgents?: readonly AgentDefinition[];
}

export interface AgentDiscovery {
  /** Every agent by name (built-in first, then sorted by name), the highest-precedence one per name. */
  agents: AgentDefinition[];
  problems: SkillIssue[];
  notes: SkillIssue[];
  /** Repository agent files not loaded because the repository is not trusted. */
  untrusted: string[];
}

/** One place agent files are read from. */
interface AgentRoot {
  /** A folder of `*.md` files, or one `.md` file. */
  path: string;
  source: AgentSource;
  namespace?: string;
  /** From the repository: loads only when it is trusted. */
  repository: boolean;
  /** Agents given already parsed (`--agents`): `path` is then only a label. */
  inline?: readonly AgentDefinition[];
}

/** The `.md` files of a folder (sorted, dot-files skipped), or the one file `p` is; none when it is missing. */
function agentFiles(p: string, problem: (issue: SkillIssue) => void): string[] {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(p);
  } catch {
    return [];
  }
  if (stat.isFile()) return p.endsWith('.md') ? [p] : [];
  if (!stat.isDirectory()) return [];
  try {
    return fs
      .readdirSync(p, { withFileTypes: true })
      .filter((d) => d.name.endsWith('.md') && !d.name.startsWith('.') && (d.isFile() || d.isSymbolicLink()))
      .map((d) => path.join(p, d.name))
      .sort();
  } catch (e) {
    problem({
      path: p,
      message: `agents folder cannot be read (${(e as NodeJS.ErrnoException).code ?? 'EUNKNOWN'}): check its permissions`,
    });
    return [];
  }
}

/** The roots, lowest precedence first: plugins, personal, then the repository's from its top down. */
function agentRoots(input: AgentDiscoveryInput): AgentRoot[] {
  const roots: AgentRoot[] = [];
  for (const plugin of input.plugins ?? [])
    for (const p of plugin.agents)
      roots.push({ path: p, source: 'plugin', namespace: plugin.name, repository: plugin.source === 'project' });
  const home = path.resolve(input.home);
  roots.push({ path: path.join(home, '.claude', 'agents'), source: 'personal', repository: false });
  if (input.flagAgents !== undefined && input.flagAgents.length > 0)
    roots.push({ path: '--agents', source: 'flag', repository: false, inline: input.flagAgents });
  if (input.projectRoots === false) return roots;
  const workroot = path.resolve(input.workroot);
  const top = findGitTop(workroot, home) ?? workroot;
  const dirs: string[] = [];
  for (let dir = workroot; ; dir = path.dirname(dir)) {
    dirs.unshift(dir);
    if (dir === top || path.dirname(dir) === dir) break;
  }
  for (const dir of dirs)
    if (dir !== home) roots.push({ path: path.join(dir, '.claude', 'agents'), source: 'project', repository: true });
  return roots;
}

/**
 * The session's agents: the built-in ones, then every agent file found (see the module comment),
 * a later root's agent replacing an earlier one of the same name with a note. A repository's
 * files are only counted (`untrusted`) while it is not trusted.
 */
export function discoverAgents(input: AgentDiscoveryInput): AgentDiscovery {
  const byName = new Map<string, AgentDefinition>(BUILTIN_AGENTS.map((a) => [a.name, a]));
  const out: AgentDiscovery = { agents: [], problems: [], notes: [], untrusted: [] };
  const problem = (issue: SkillIssue): void => void out.problems.push(issue);
  const seen = new Set<string>();
  let read = 0;
  for (const root of agentRoots(input)) {
    for (const agent of root.inline ?? []) {
      const previous = byName.get(agent.name);
      if (previous !== undefined)
        out.notes.push({
          path: root.path,
          message: `agent "${agent.name}" (--agents) replaces the one from ${previous.file ?? 'the built-in agents'} (${previous.source})`,
        });
      byName.set(agent.name, agent);
    }
    if (root.inline !== undefined) continue;
    for (const file of agentFiles(root.path, problem)) {
      if (seen.has(file)) continue;
      seen.add(file);
      if (root.repository && !input.projectTrusted) {
        out.untrusted.push(file);
        continue;
      }
      if (++read > MAX_AGENT_FILES) {
        out.notes.push({
          path: root.path,
          message: `only the first ${MAX_AGENT_FILES} agent files are read; move the ones you do not use elsewhere`,
        });
        return finish(byName, out);
      }
      const parsed = readAgentFile(file, {
        fallbackName: path.basename(file, '.md'),
        source: root.source,
        ...(root.namespace !== undefined ? { namespace: root.namespace } : {}),
      });
      if (!parsed.ok) {
        problem({ path: file, message: parsed.problem });
        continue;
      }
      for (const message of parsed.notes) out.notes.push({ path: file, message });
      const previous = byName.get(parsed.agent.name);
      if (previous !== undefined)
        out.notes.push({
          path: file,
          message: `agent "${parsed.agent.name}" (${root.source}) replaces the one from ${previous.file ?? 'the built-in agents'} (${previous.source})`,
        });
      byName.set(parsed.agent.name, parsed.agent);
    }
  }
  return finish(byName, out);
}

function finish(byName: Map<string, AgentDefinition>, out: AgentDiscovery): AgentDiscovery {
  const builtin = BUILTIN_AGENTS.map((a) => byName.get(a.name)).filter((a): a is AgentDefinition => a !== undefined);
  const rest = [...byName.values()]
    .filter((a) => !builtin.includes(a))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  out.agents = [...builtin, ...rest];
  return out;
}
