import type { Message } from '@coding-harness/model';
import type { Skill } from '@coding-harness/skills';
import { FakeSession, type FakeStep } from './fake-session.js';

const USAGE = { input: 1200, output: 180, cacheRead: 3400, cacheWrite: 0 };

function skill(name: string, description: string, userInvocable = true): Skill {
  const dir = `/work/demo/.agents/skills/${name}`;
  return {
    name,
    description,
    dir,
    file: `${dir}/SKILL.md`,
    source: 'project',
    root: '/work/demo/.agents/skills',
    allowedTools: [],
    userInvocable,
    disableModelInvocation: false,
    extra: {},
  };
}

/** An assistant message of `text`, as `message_end` carries it. */
const said = (text: string): Message => ({ role: 'assistant', content: [{ type: 'text', text }] });

const DIFF = [
  '--- a/src/greet.ts',
  '+++ b/src/greet.ts',
  '@@ -1,3 +1,3 @@',
  ' export function greet(name: string) {',
  "-  return 'hello ' + name;",
  '+  return `Hello, ${name}!`;',
  ' }',
].join('\n');

/** A scripted turn: think, stream `text` in small deltas, propose an edit (asks), run bash (asks), answer. */
function demoTurn(text: string): FakeStep[] {
  const reply = 'I will fix the greeting in `src/greet.ts`:\n\n```ts\nreturn `Hello, ${name}!`;\n```\n';
  const deltas: FakeStep[] = [];
  for (let i = 0; i < reply.length; i += 4)
    deltas.push({ type: 'text_delta', text: reply.slice(i, i + 4) }, { type: 'sleep', ms: 15 });
  return [
    { type: 'turn_start', turn: 1, text },
    { type: 'request_start', request: 1 },
    { type: 'sleep', ms: 300 },
    {
      type: 'thinking_delta',
      text: 'The greeting lacks a comma and an exclamation mark.\nEdit src/greet.ts, then run the tests.',
    },
    { type: 'sleep', ms: 300 },
    ...deltas,
    { type: 'message_end', message: said(reply), stopReason: 'tool_use' },
    { type: 'usage', request: 1, model: 'demo-model', usage: USAGE, costUsd: 0.0042 },
    {
      type: 'tool_call_started',
      callId: 't1',
      name: 'edit_file',
      kind: 'write',
      input: { path: 'src/greet.ts' },
      summary: 'src/greet.ts',
      forced: false,
    },
    {
      type: 'approval_requested',
      requestId: 'req_demo_1',
      callId: 't1',
      tool: 'edit_file',
      kind: 'write',
      summary: 'edit_file: src/greet.ts',
      target: 'src/greet.ts',
      preview: DIFF,
      alwaysRule: 'edit_file(src/greet.ts)',
    },
    {
      type: 'tool_call_finished',
      callId: 't1',
      name: 'edit_file',
      isError: false,
      display: 'edited src/greet.ts (+1 -1)',
      content: [{ type: 'text', text: 'Edited src/greet.ts: replaced 1 occurrence.' }],
      diff: DIFF,
    },
    {
      type: 'tool_call_started',
      callId: 't2',
      name: 'bash',
      kind: 'exec',
      input: { command: 'npm test' },
      summary: 'bash: npm test',
      forced: false,
    },
    {
      type: 'approval_requested',
      requestId: 'req_demo_2',
      callId: 't2',
      tool: 'bash',
      kind: 'exec',
      summary: 'bash: npm test',
      target: 'npm test',
      alwaysRule: 'bash(npm test:*)',
    },
    // The command's output as it arrives, under the running call.
    { type: 'tool_update', callId: 't2', text: '> test\n', elapsedMs: 200 },
    { type: 'sleep', ms: 700 },
    { type: 'tool_update', callId: 't2', text: '✓ greet (2 ms)\n', elapsedMs: 900 },
    { type: 'sleep', ms: 800 },
    { type: 'tool_update', callId: 't2', text: '1 passed\n', elapsedMs: 1700 },
    {
      type: 'tool_call_finished',
      callId: 't2',
      name: 'bash',
      isError: false,
      display: 'exit 0 · 3 lines',
      content: [{ type: 'text', text: '> test\n✓ greet (2 ms)\n1 passed' }],
    },
    { type: 'request_start', request: 2 },
    { type: 'text_delta', text: 'Done: the greeting is fixed and the tests pass.' },
    { type: 'message_end', message: said('Done: the greeting is fixed and the tests pass.'), stopReason: 'end_turn' },
    { type: 'usage', request: 2, model: 'demo-model', usage: USAGE, costUsd: 0.0038 },
    {
      type: 'turn_end',
      turn: 1,
      stopReason: 'end_turn',
      usage: { input: 2400, output: 360, cacheRead: 6800, cacheWrite: 0 },
      costUsd: 0.008,
    },
  ];
}

/** A long turn (30 s of slow streaming), to try Ctrl-C. */
function slowTurn(text: string): FakeStep[] {
  const steps: FakeStep[] = [
    { type: 'turn_start', turn: 2, text },
    { type: 'request_start', request: 1 },
  ];
  for (let i = 0; i < 300; i++) steps.push({ type: 'text_delta', text: `word${i} ` }, { type: 'sleep', ms: 100 });
  return steps;
}

/**
 * The `--demo-fake` session: three skills (one model-only), a skill-problem notice, a first turn
 * with an edit and a command to approve (its output shown as it runs), a slow second turn to
 * cancel, then echoes.
 */
export function demoSession(): FakeSession {
  return new FakeSession({
    model: 'demo-model',
    workroot: process.cwd(),
    skills: [
      skill('demo-skill', 'Shows how a project skill is forced with /demo-skill and reads its references/ file.'),
      skill('release-notes', 'Drafts release notes from the git log since the last tag.'),
      skill('house-style', 'Applies the house code style; loaded by the model when editing.', false),
    ],
    // The one-line summary a real start-up prints for one skipped skill (the details are in `harness skills`).
    startupMessages: ['1 skill skipped; run harness skills for details'],
    turns: [demoTurn, slowTurn],
  });
}
