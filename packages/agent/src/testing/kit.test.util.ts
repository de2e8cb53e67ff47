/**
 * Test kit (not part of the package): a real mock server, the real Anthropic provider over the
 * real SDK, real temp dirs, real skills, registry and policy, and helpers to read a turn's events.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Answer } from '@coding-harness/approval';
import type { Message, ProviderRegistry } from '@coding-harness/model';
import { createProviderRegistry, messageText } from '@coding-harness/model';
import { createAnthropicProvider } from '@coding-harness/model/anthropic';
import { createPolicy } from '@coding-harness/approval';
import type { PolicyOptions } from '@coding-harness/approval';
import type { MockServer } from '@coding-harness/mock-anthropic';
import { startMockServer } from '@coding-harness/mock-anthropic';
import type { MockServerOptions, Script, ScriptTurn } from '@coding-harness/mock-anthropic';
import { discover } from '@coding-harness/skills';
import type { Skill } from '@coding-harness/skills';
import { createToolRegistry } from '@coding-harness/tools';
import type { RegistryOptions } from '@coding-harness/tools';
import type { Agent, AgentOptions } from '../agent.js';
import { createAgent } from '../agent.js';
import type { AgentEvent } from '../events.js';

const cleanups: (() => Promise<void>)[] = [];

/** Runs every registered cleanup (servers, temp dirs); call from afterEach. */
export async function cleanup(): Promise<void> {
  for (const fn of cleanups.splice(0).reverse()) await fn().catch(() => undefined);
}

/** A fresh temp dir, removed by `cleanup`. */
export async function tempDir(prefix = 'agent-test-'): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** Writes `<root>/<name>/SKILL.md` with the given frontmatter lines and body. */
export async function writeSkill(
  root: string,
  name: string,
  description: string,
  body: string,
  extra: string[] = [],
): Promise<void> {
  await mkdir(join(root, name), { recursive: true });
  await writeFile(
    join(root, name, 'SKILL.md'),
    ['---', `name: ${name}`, `description: ${JSON.stringify(description)}`, ...extra, '---', '', body, ''].join('\n'),
  );
}

/** Discovers the skills written under `skillsRoot` with the real skills package. */
export async function loadSkills(skillsRoot: string, home: string, workroot: string): Promise<Skill[]> {
  const result = await discover({ home, workroot, explicit: [skillsRoot], trustProject: false });
  if (result.problems.length > 0) throw new Error(`skill problems: ${JSON.stringify(result.problems)}`);
  return result.skills;
}

/** The providers of a test agent: the Anthropic provider against the server at `url`. */
export function anthropicAt(url: string): ProviderRegistry {
  return createProviderRegistry([createAnthropicProvider({ apiKey: 'test', baseURL: url })]);
}

/** A mock server, closed by `cleanup`. */
export async function mockServer(
  script: Script | ScriptTurn[],
  opts: Omit<MockServerOptions, 'script'> = {},
): Promise<MockServer> {
  const server = await startMockServer({ script, ...opts });
  cleanups.push(() => server.close());
  return server;
}

/** One approval question as the agent emits it. */
export type Question = Extract<AgentEvent, { type: 'approval_requested' }>;

/**
 * Answers questions from a list (default: once), the way a front end does: on each
 * `approval_requested` it reads, it answers by request id. Remembers the questions.
 */
export interface ScriptedAnswers {
  questions: Question[];
  /** Answers `event` when it is a question (call on every event read, in order). */
  onEvent(agent: Pick<Agent, 'answer'>, event: AgentEvent): void;
}

export function scriptedAnswers(answers: Answer[] = []): ScriptedAnswers {
  const questions: Question[] = [];
  return {
    questions,
    onEvent(agent, event) {
      if (event.type !== 'approval_requested') return;
      questions.push(event);
      agent.answer(event.requestId, answers.shift() ?? { type: 'once' });
    },
  };
}

/** Who answers each agent's questions in `turn` and `answered` (set by `setup`; default: once). */
const answerers = new WeakMap<Agent, ScriptedAnswers>();

/** Registers `answers` as the answerer of `agent`'s questions in `turn` and `answered`. */
export function answerWith(agent: Agent, answers: ScriptedAnswers): ScriptedAnswers {
  answerers.set(agent, answers);
  return answers;
}

/** The events of `events` (one of `agent`'s turns), its questions answered as `answerWith` said. */
export async function* answered(agent: Agent, events: AsyncIterable<AgentEvent>): AsyncGenerator<AgentEvent> {
  const answers = answerers.get(agent) ?? answerWith(agent, scriptedAnswers());
  for await (const event of events) {
    answers.onEvent(agent, event);
    yield event;
  }
}

export interface Setup {
  server: MockServer;
  agent: Agent;
  workroot: string;
  home: string;
  skills: Skill[];
  /** The questions the agent asked, answered from `answers` (default once). */
  ask: ScriptedAnswers;
}

/** An agent over the real SDK against a mock server running `script`, in a temp work root. */
export async function setup(
  script: Script | ScriptTurn[],
  opts: {
    skills?: (root: string) => Promise<void>;
    agent?: Partial<AgentOptions>;
    answers?: Answer[];
    workroot?: string;
    registry?: Omit<RegistryOptions, 'skills'>;
    policy?: Omit<PolicyOptions, 'tools'>;
    server?: Omit<MockServerOptions, 'script'>;
  } = {},
): Promise<Setup> {
  const server = await mockServer(script, opts.server);
  const home = await tempDir('agent-home-');
  const workroot = opts.workroot ?? (await tempDir('agent-root-'));
  let skills: Skill[] = [];
  if (opts.skills) {
    const skillsRoot = join(home, 'skills');
    await mkdir(skillsRoot, { recursive: true });
    await opts.skills(skillsRoot);
    skills = await loadSkills(skillsRoot, home, workroot);
  }
  const registry = createToolRegistry({ ...opts.registry });
  const agent = await createAgent({
    providers: anthropicAt(server.url),
    model: 'claude-sonnet-5-5',
    registry,
    policy: createPolicy({ mode: 'default', ...opts.policy, tools: registry.ruleNames() }),
    skills,
    workroot,
    clock: () => new Date('2025-06-01T12:00:00Z'),
    retry: { sleep: async () => undefined, baseDelayMs: 1 },
    ...opts.agent,
  });
  const ask = answerWith(agent, scriptedAnswers(opts.answers));
  return { server, agent, workroot, home, skills, ask };
}

/** All events of one turn. */
export async function turn(agent: Agent, text: string, signal?: AbortSignal): Promise<AgentEvent[]> {
  const events: AgentEvent[] = [];
  for await (const event of answered(agent, agent.send(text, signal ? { signal } : {}))) events.push(event);
  return events;
}

/** The events of one type. */
export function ofType<T extends AgentEvent['type']>(
  events: readonly AgentEvent[],
  type: T,
): Extract<AgentEvent, { type: T }>[] {
  return events.filter((e): e is Extract<AgentEvent, { type: T }> => e.type === type);
}

/** The last event, which every turn guarantees is turn_end. */
export function turnEnd(events: readonly AgentEvent[]): Extract<AgentEvent, { type: 'turn_end' }> {
  const last = events.at(-1);
  if (last?.type !== 'turn_end') throw new Error(`the turn did not end with turn_end: ${JSON.stringify(last)}`);
  return last;
}

/**
 * Problems with a transcript as a provider would see them: roles must alternate starting with
 * user, no empty content, every tool call answered by a tool result in the next message.
 */
export function transcriptProblems(messages: readonly Message[]): string[] {
  const problems: string[] = [];
  messages.forEach((m, i) => {
    if (m.role !== (i % 2 === 0 ? 'user' : 'assistant')) problems.push(`message ${i} has role ${m.role}`);
    if (m.content.length === 0) problems.push(`message ${i} is empty`);
    if (m.role === 'assistant') {
      const ids = m.content.flatMap((b) => (b.type === 'tool_call' ? [b.id] : []));
      const next = messages[i + 1];
      const answered = new Set(next?.content.flatMap((b) => (b.type === 'tool_result' ? [b.callId] : [])) ?? []);
      for (const id of ids) if (!answered.has(id)) problems.push(`tool call ${id} in message ${i} has no result`);
    }
  });
  return problems;
}

/** A block of a request as the mock received it (Messages API JSON). */
export type WireBlock = { type: string; [k: string]: unknown };

/** A message of a request as the mock received it. */
export interface WireMessage {
  role: string;
  content: WireBlock[];
}

/** The JSON body of a recorded request. */
export function body(
  server: MockServer,
  index: number,
): { system: unknown; tools: unknown; messages: WireMessage[]; [k: string]: unknown } {
  const req = server.messageRequests()[index];
  if (!req) throw new Error(`no request ${index}`);
  return req.body as { system: unknown; tools: unknown; messages: WireMessage[] };
}

/** The text of a tool result part, or of a tool_result block as the mock received it. */
export function resultBody(result: { content: unknown }): string {
  const c = result.content;
  if (typeof c === 'string') return c;
  return Array.isArray(c) ? c.map((p: { text?: unknown }) => (typeof p.text === 'string' ? p.text : '')).join('') : '';
}

/** A retry sleep that records each delay and, optionally, re-arms a fault on the server. */
export function recordingSleep(rearm?: () => void): { delays: number[]; sleep: (ms: number) => Promise<void> } {
  const delays: number[] = [];
  return {
    delays,
    sleep: async (ms) => {
      delays.push(ms);
      rearm?.();
    },
  };
}

/** The text of each model reply of a turn (`message_end` events of assistant messages), in order. */
export function replies(events: readonly AgentEvent[]): string[] {
  return ofType(events, 'message_end')
    .filter((e) => e.message.role === 'assistant')
    .map((e) => messageText(e.message));
}
