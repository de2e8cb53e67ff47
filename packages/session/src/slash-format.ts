/**
 * A slash command's result as lines of text, for the front ends that show text (the REPL, the
 * TUI's transcript, the editor over ACP): one formatter per result kind, so every text front end
 * says the same thing. Lines are plain: the front end sanitises and colours them.
 */
import type { SessionSummary, SkillSummary, SlashResult } from '@coding-harness/protocol';
import { effortChoices } from './efforts.js';
import { formatGrants, formatSkillRows, noSkillsMessage } from './listings.js';
import { formatSessionRows } from './sessions-list.js';
import { formatCost, formatStatus } from './status.js';
import { MODE_MEANING } from '@coding-harness/approval';
import { rewindPointsLines, rewoundLines } from './rewind/format.js';
import { formatHooks } from './claude-hooks/format.js';

const SKILL_LINE = '/<skill> [args]    run a skill by name with its arguments (also /skill:<name> [args])';

const tokens = (n: number): string => (n >= 1_000_000 ? `${n / 1_000_000}M` : `${Math.round(n / 1000)}k`);

/** What the formatter may adapt to. */
export interface FormatOptions {
  /** The terminal's width, for rows that fill it (`/skills`). Default 100. */
  width?: number;
}

/** `/help`: one line per command (from the table), how a skill is run, then the skills. */
export function formatHelp(result: Extract<SlashResult, { kind: 'help' }>): string[] {
  const heads = result.commands.map((c) => `/${c.name}${c.args ? ` ${c.args}` : ''}`);
  const width = Math.min(30, Math.max(...heads.map((h) => h.length)));
  const lines = result.commands.map((c, i) => `${heads[i]!.padEnd(width)} ${c.description}`);
  const skills = result.skills.filter((s) => s.userInvocable);
  return [
    ...lines,
    SKILL_LINE,
    skills.length > 0 ? `skills: ${skills.map((s) => `/${s.name}`).join(' ')}` : noSkillsMessage(result.skillsEnabled),
  ];
}

function skillLines(skills: readonly SkillSummary[], enabled: boolean, width: number): string[] {
  return skills.length > 0 ? formatSkillRows(skills, width) : [noSkillsMessage(enabled)];
}

function sessionLines(sessions: readonly SessionSummary[], current: string): string[] {
  return formatSessionRows(sessions, current);
}

/** The line above an expanded result: which call, which of the kept ones, how long. */
export function resultHeading(result: Extract<SlashResult, { kind: 'result' }>): string {
  const lines = `${result.lines.toLocaleString('en-US')} line${result.lines === 1 ? '' : 's'}`;
  return `● ${result.summary}  (${result.display || (result.isError ? 'failed' : 'done')} · ${lines} · /expand ${result.nth} of ${result.kept})`;
}

/** The lines that show `result`. */
export function formatSlashResult(result: SlashResult, opts: FormatOptions = {}): string[] {
  const width = opts.width ?? 100;
  switch (result.kind) {
    case 'help':
      return formatHelp(result);
    case 'skills':
      return skillLines(result.skills, result.skillsEnabled, width);
    case 'reload': {
      const lines: string[] = [];
      if (result.added.length > 0) lines.push(`added: ${result.added.map((n) => `/${n}`).join(', ')}`);
      if (result.removed.length > 0) lines.push(`removed: ${result.removed.map((n) => `/${n}`).join(', ')}`);
      if (result.changed.length > 0) lines.push(`changed: ${result.changed.map((n) => `/${n}`).join(', ')}`);
      if (lines.length === 0 && result.messages.length === 0) lines.push('skills reloaded: nothing changed');
      else if (lines.length > 0)
        lines.push(result.toldModel ? 'the model is told with your next message' : 'no model-invocable skill changed');
      return [...lines, ...result.messages];
    }
    case 'rules': {
      const change = result.change;
      if (change === undefined)
        return [
          ...formatGrants(result.allowed, result.denied, result.mode),
          ...(result.asked ?? []).map((g) => `ask   ${g.rule}  (${g.origin})`),
          ...(result.filters && result.allowed.length > 0 ? [`(command rules: ${result.filters})`] : []),
          ...(result.hint ? [result.hint] : []),
        ];
      if (change.verb !== 'remove')
        return [`${change.verb === 'allow' ? 'allow' : 'deny '} ${change.rule}  (session, /permissions)`];
      if (change.removed.length === 0) return [`no allow or deny rule reads ${change.rule}; /permissions lists them`];
      return change.removed.map((g) => `removed ${g.rule}  (was from ${g.origin})`);
    }
    case 'mode':
      return [
        `mode: ${result.mode}: ${MODE_MEANING[result.mode]}`,
        ...(result.previous === undefined ? ['/mode default|acceptEdits|plan switches'] : []),
      ];
    case 'models': {
      const rows = result.rows.map((m) => {
        const efforts = m.efforts.length > 0 ? `effort ${m.efforts.join('/')}` : 'no effort setting';
        return `${m.current ? '*' : ' '} ${m.id.padEnd(20)} ${tokens(m.contextWindow).padStart(5)} window, ${efforts}`;
      });
      return [`model: ${result.current} (the next request)`, ...rows, '/model <id> switches the next request'];
    }
    case 'model':
      return result.previous === result.model
        ? [`already on ${result.model}`]
        : [`model: ${result.model} from the next request (was ${result.previous})`];
    case 'effort':
      return result.changed
        ? [`effort: ${result.effort ?? 'default'} from the next request (${result.model})`]
        : [`effort: ${result.effort ?? 'default'} (${result.model})`, effortChoices(result.model, result.efforts)];
    case 'compact':
      // A compaction that ran was shown by its own `compaction` event.
      return result.compacted
        ? []
        : [result.message ?? 'nothing to compact yet: the conversation has no earlier turns'];
    case 'cost':
      return formatCost(result.status);
    case 'status':
      return formatStatus(result.status);
    case 'sessions':
      return sessionLines(result.sessions, result.current);
    case 'resumed':
      return [`resumed session ${result.sessionId}`];
    case 'cleared':
      return [`new conversation (session ${result.sessionId})`];
    case 'result':
      return [resultHeading(result), ...result.text.split('\n')];
    case 'sandbox':
      return result.lines;
    case 'rewind-points':
      return rewindPointsLines(result.points, width);
    case 'rewound':
      return rewoundLines(result);
    case 'agents':
      return agentLines(result);
    case 'hooks':
      return formatHooks(result);
    case 'exit':
      return [];
    case 'error':
      return [`/${result.command}: ${result.message}`];
    case 'memory':
      // A front end that can hand the terminal to an editor (the REPL) opens it instead of printing this.
      if (result.edit !== undefined)
        return [
          `${result.edit}: edit it in your editor (this front end does not open one); the change applies from the next session`,
        ];
      if (result.files.length === 0)
        return ['no memory files loaded (AGENTS.md, CLAUDE.md, CLAUDE.local.md, ~/.claude/CLAUDE.md)'];
      return result.files.flatMap((f) => [
        `${f.scope.padEnd(8)} ${f.path}  (${f.chars} chars)`,
        ...f.imports.map((i) => `           @ ${i}`),
      ]);
    case 'mcp':
      return mcpLines(result);
  }
}

/** `/mcp`: one line per server (state, transport, tool count, scope), its error under it. */
function mcpLines(result: Extract<SlashResult, { kind: 'mcp' }>): string[] {
  const lines = result.message !== undefined ? [result.message] : [];
  if (result.servers.length === 0) return [...lines, 'no MCP servers started in this session'];
  for (const s of result.servers) {
    const tools = s.state === 'connected' || s.tools > 0 ? `, ${s.tools} tool${s.tools === 1 ? '' : 's'}` : '';
    const state = s.state === 'needs-auth' ? 'needs authentication' : s.state;
    lines.push(`${s.name}: ${state} (${s.transport}${tools}; ${s.scope}: ${s.source})`);
    if (s.error !== undefined && s.state !== 'connected') lines.push(`  ${s.error}`);
  }
  return lines;
}

/** `/agents`: one line per agent (name, source, model, tools), its description under it, then the notes. */
function agentLines(result: Extract<SlashResult, { kind: 'agents' }>): string[] {
  const lines = result.agents.flatMap((a) => [
    `${a.name} (${a.source}${a.model !== undefined ? `, model ${a.model}` : ''}; ${a.tools === undefined ? 'all tools' : `tools: ${a.tools.join(', ') || 'none'}`})${a.file !== undefined ? ` ${a.file}` : ''}`,
    `  ${a.description.replace(/\s+/g, ' ')}`,
  ]);
  return [...lines, ...result.messages];
}
