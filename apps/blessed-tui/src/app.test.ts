import { describe, expect, it } from 'vitest';
import type { ApprovalRequest } from '@coding-harness/approval';
import { FakeSession, type FakeStep } from './fake-session.js';
import { eventually, fakeTerminal, KEY } from './fake-terminal.test.helper.js';
import { SKILLS } from './test-skills.test.helper.js';
import { builtinRuleNames } from '@coding-harness/tools';
import { finished, messageEnd, question, started, turnEnd, turnStart } from './test-events.test.helper.js';

/** The registry's rule data for a tool, as the agent attaches it to the requests it asks about. */
const ruleTool = (name: string) => builtinRuleNames().find((t) => t.name === name);

const DIFF = '--- a/a.ts\n+++ b/a.ts\n@@ -1 +1 @@\n-old line\n+new line';

function askTurn(request: ApprovalRequest): FakeStep[] {
  return [
    turnStart('go'),
    started('t1', request.tool, request.kind, request.target ?? '', request.input),
    question(request),
    finished('t1', request.tool, 'tool finished', 'ok'),
    turnEnd('end_turn'),
  ];
}
const BASH: ApprovalRequest = {
  tool: 'bash',
  kind: 'exec',
  input: { command: 'npm test' },
  target: 'npm test',
  summary: 'bash: npm test',
  ruleTool: ruleTool('bash'),
};
const EDIT: ApprovalRequest = {
  tool: 'edit_file',
  kind: 'write',
  input: { path: 'a.ts' },
  target: 'a.ts',
  summary: 'edit_file: a.ts',
  preview: DIFF,
  ruleTool: ruleTool('edit_file'),
};

async function approvalSession(request: ApprovalRequest) {
  const session = new FakeSession({ turns: [askTurn(request)], skills: SKILLS });
  const t = await fakeTerminal(session);
  await t.type('go');
  await t.press(KEY.enter);
  await t.see(`Allow ${request.tool}?`);
  return { session, t };
}

async function quit(t: Awaited<ReturnType<typeof fakeTerminal>>) {
  await t.press(KEY.ctrlC, KEY.ctrlC);
  return t.exit;
}

describe('the screen', () => {
  it('shows the status bar, the startup notices and the input', async () => {
    const session = new FakeSession({
      skills: SKILLS,
      model: 'claude-x',
      workroot: '/home/u/proj',
      startupMessages: ['skill skipped: /x/SKILL.md: no description'],
    });
    const t = await fakeTerminal(session);
    await t.see('claude-x');
    for (const word of [
      '~/proj',
      '3 skills',
      'idle',
      '$0.0000',
      'skill skipped: /x/SKILL.md',
      '/skills to pick a skill',
    ])
      expect(t.text()).toContain(word);
    await eventually(() => expect(t.written()).toContain('idle'));
    expect(await quit(t)).toBe(0);
  });

  it('asks the session once, when the screen is up, to open its API connection (preconnect)', async () => {
    const session = new FakeSession();
    const t = await fakeTerminal(session);
    await eventually(() => expect(session.preconnects).toBe(1));
    await t.type('hello');
    await t.press(KEY.enter);
    await t.see('You said: hello');
    expect(session.preconnects).toBe(1);
    await quit(t);
  });

  it('quitting closes the session', async () => {
    const session = new FakeSession();
    const t = await fakeTerminal(session);
    await quit(t);
    expect(session.commandTypes().at(-1)).toBe('close');
  });

  it('sends a message and streams the answer into the transcript', async () => {
    const session = new FakeSession();
    const t = await fakeTerminal(session);
    await t.type('hello there');
    await t.press(KEY.enter);
    await t.see('You said: hello there');
    expect(session.sent).toEqual(['hello there']);
    expect(t.text()).toContain('› hello there');
    await quit(t);
  });

  it('Alt-Enter and \\+Enter make a multi-line message, sent as one', async () => {
    const session = new FakeSession();
    const t = await fakeTerminal(session);
    await t.type('one');
    await t.press(KEY.altEnter);
    await t.type('two\\');
    await t.press(KEY.enter);
    await t.type('three');
    await t.press(KEY.enter);
    await eventually(() => expect(session.sent).toEqual(['one\ntwo\nthree']));
    await quit(t);
  });

  it('Alt-Enter read in one chunk with typed keys around it is still a new line; a plain Enter there still sends', async () => {
    const session = new FakeSession();
    const t = await fakeTerminal(session);
    await t.press('one\x1b\rtwo'); // a late read: the keys and ESC CR arrive together
    await t.press(KEY.enter);
    await eventually(() => expect(session.sent).toEqual(['one\ntwo']));
    await t.press('three\rfour\x1b\rfive');
    await t.press(KEY.enter);
    await eventually(() => expect(session.sent).toEqual(['one\ntwo', 'three', 'four\nfive']));
    await quit(t);
  });
});

describe('approval modal', () => {
  it('shows the bash command and the rule "always" would store; y answers the question by its request id', async () => {
    const { session, t } = await approvalSession(BASH);
    expect(t.text()).toContain('│ npm test');
    expect(t.text()).toContain('[a] stores this rule for the session: bash(npm test:*)');
    await t.press('y');
    await eventually(() => expect(session.answers).toEqual([{ type: 'once' }]));
    expect(session.commands.filter((c) => c.type === 'answer')).toMatchObject([
      { type: 'answer', requestId: 'req_t1', answer: { type: 'once' } },
    ]);
    await t.see('allowed (once)');
    await quit(t);
  });

  it('shows a coloured diff for an edit; a allows for the session and /allowed lists it', async () => {
    const { session, t } = await approvalSession(EDIT);
    expect(t.text()).toContain('+new line');
    expect(t.text()).toContain('-old line');
    await eventually(() => expect(t.written()).toMatch(/\x1b\[[0-9;]*3[12]m|\x1b\[[0-9;]*38;5;(1|2|9|10)m/));
    await t.press('a');
    await eventually(() => expect(session.answers).toEqual([{ type: 'session' }]));
    await t.see('tool finished');
    await t.type('/allowed');
    await t.press(KEY.enter);
    await t.see('edit_file(a.ts)  (session, user answer)');
    await quit(t);
  });

  it('n then a line denies with that message', async () => {
    const { session, t } = await approvalSession(BASH);
    await t.press('n');
    await t.see('Message for the model');
    await t.type('use pnpm');
    await t.press(KEY.enter);
    await eventually(() => expect(session.answers).toEqual([{ type: 'deny', message: 'use pnpm' }]));
    await t.see('denied: use pnpm');
    await quit(t);
  });

  it('Esc denies', async () => {
    const { session, t } = await approvalSession(BASH);
    await t.press(KEY.esc);
    await eventually(() => expect(session.answers).toEqual([{ type: 'deny' }]));
    await quit(t);
  });
});

describe('skills picker', () => {
  it('filters, shows the details, and Enter stages /<name> in the input without sending', async () => {
    const session = new FakeSession({ skills: SKILLS });
    const t = await fakeTerminal(session);
    await t.type('/skills');
    await t.press(KEY.enter);
    await t.see('source: project');
    expect(session.commands).toMatchObject([{ type: 'slash', text: '/skills' }]);
    await t.type('release');
    await t.see('Drafts release notes');
    await t.press(KEY.enter);
    await eventually(() => expect(t.app.input.text).toBe('/release-notes '));
    await t.see('› /release-notes');
    expect(t.text()).not.toContain('source: project');
    expect(session.sent).toEqual([]);
    await t.type('v2');
    await t.press(KEY.enter);
    await eventually(() => expect(session.sent).toEqual(['/release-notes v2']));
    await quit(t);
  });

  it('Esc closes the picker and stages nothing', async () => {
    const session = new FakeSession({ skills: SKILLS });
    const t = await fakeTerminal(session);
    await t.type('/skills');
    await t.press(KEY.enter);
    await t.see('source: project');
    await t.press(KEY.esc);
    await eventually(() => expect(t.text()).not.toContain('source: project'));
    expect(t.app.input.text).toBe('');
    await quit(t);
  });
});

describe('/ completion menu', () => {
  it('opens on / in an empty input, narrows as you type, Tab completes', async () => {
    const session = new FakeSession({ skills: SKILLS });
    const t = await fakeTerminal(session);
    await t.type('/');
    await t.see('/help');
    for (const word of ['/skills', '/allowed']) expect(t.text()).toContain(word);
    expect(t.text()).not.toContain('/house-style');
    await t.type('re');
    await t.see('/release-notes');
    expect(t.text()).toContain('/resume');
    await t.press('\x7f', '\x7f');
    await t.type('de');
    await t.see('/demo-skill');
    await eventually(() => expect(t.text()).not.toContain('/release-notes'));
    await t.press(KEY.tab);
    await eventually(() => expect(t.app.input.text).toBe('/demo-skill '));
    expect(session.sent).toEqual([]);
    await quit(t);
  });

  it('arrows choose the row Tab completes', async () => {
    const t = await fakeTerminal(new FakeSession({ skills: SKILLS }));
    await t.type('/');
    await t.press(KEY.down, KEY.tab);
    await eventually(() => expect(t.app.input.text).toBe('/skills'));
    await quit(t);
  });
});

describe('slash commands', () => {
  it('an unknown command says so and sends nothing', async () => {
    const session = new FakeSession({ skills: SKILLS });
    const t = await fakeTerminal(session);
    await t.type('/demo-skil hi');
    await t.press(KEY.enter);
    await t.see('/demo-skil is not a command or skill');
    expect(session.sent).toEqual([]);
    await quit(t);
  });

  it('a model-only skill says so and sends nothing', async () => {
    const session = new FakeSession({ skills: SKILLS });
    const t = await fakeTerminal(session);
    await t.type('/house-style');
    await t.press(KEY.enter);
    await t.see('can only be used by the model');
    expect(session.sent).toEqual([]);
    await quit(t);
  });

  it('/help lists commands and keys; /clear starts a new conversation', async () => {
    const session = new FakeSession({ skills: SKILLS });
    const t = await fakeTerminal(session, { rows: 80 });
    await t.type('/help');
    await t.press(KEY.enter);
    await t.see('skills are /name');
    expect(t.text()).toContain('PageUp');
    await t.type('/clear');
    await t.press(KEY.enter);
    await t.see('· new conversation (session fake-session-');
    expect(t.text()).not.toContain('skills are /name');
    expect(session.status().sessionId).not.toBe('fake-session');
    await quit(t);
  });
});

describe('keys and exit paths', () => {
  const slow: FakeStep[] = [
    { type: 'turn_start', turn: 1, text: 'long' },
    { type: 'text_delta', text: 'working on it' },
    { type: 'sleep', ms: 60_000 },
  ];

  it('Ctrl-C interrupts a running turn and the prompt comes back', async () => {
    const session = new FakeSession({ turns: [slow] });
    const t = await fakeTerminal(session);
    await t.type('long');
    await t.press(KEY.enter);
    await t.see('working on it');
    await t.press(KEY.ctrlC);
    await t.see('cancelled');
    expect(session.commandTypes()).toContain('interrupt');
    await eventually(() => expect(t.app.state.busy).toBe(false));
    await t.type('again');
    await t.press(KEY.enter);
    await t.see('You said: again');
    await quit(t);
  });

  it('Ctrl-C twice at idle quits and restores the terminal', async () => {
    const t = await fakeTerminal(new FakeSession());
    await t.press(KEY.ctrlC);
    await t.see('press Ctrl-C again to quit');
    await t.press(KEY.ctrlC);
    expect(await t.exit).toBe(0);
    expect(t.written()).toContain('\x1b[?1049l');
    expect(t.written()).toContain('\x1b[?25h');
  });

  it('/exit quits', async () => {
    const t = await fakeTerminal(new FakeSession());
    await t.type('/exit');
    await t.press(KEY.enter);
    expect(await t.exit).toBe(0);
  });

  it('Ctrl-D quits only on an empty input', async () => {
    const t = await fakeTerminal(new FakeSession());
    await t.type('x');
    await t.press(KEY.ctrlD);
    await t.type('y');
    await eventually(() => expect(t.app.input.text).toBe('xy'));
    await t.press(KEY.ctrlC, KEY.ctrlD);
    expect(await t.exit).toBe(0);
  });

  it('PageUp scrolls back; new output shows the hint; PageDown follows again', async () => {
    const many = Array.from({ length: 60 }, (_, i) => `row-${i}`).join('\n');
    const session = new FakeSession({
      turns: [[turnStart('go'), messageEnd(many), turnEnd('end_turn')]],
    });
    const t = await fakeTerminal(session);
    await t.type('go');
    await t.press(KEY.enter);
    await t.see('row-59');
    await t.press(KEY.pageUp, KEY.pageUp);
    await eventually(() => expect(t.text()).not.toContain('row-59'));
    await t.type('more');
    await t.press(KEY.enter);
    await t.see('new output below');
    await t.press(KEY.pageDown, KEY.pageDown, KEY.pageDown);
    await t.see('You said: more');
    expect(t.text()).not.toContain('new output below');
    await quit(t);
  });

  it('Ctrl-O expands the latest tool result', async () => {
    const session = new FakeSession({
      turns: [
        [
          started('r', 'read_file', 'read', 'a.txt'),
          finished('r', 'read_file', '2 lines', 'first-secret\nsecond-secret'),
        ],
      ],
    });
    const t = await fakeTerminal(session);
    await t.type('go');
    await t.press(KEY.enter);
    await t.see('Ctrl-O expands');
    expect(t.text()).not.toContain('second-secret');
    await t.press(KEY.ctrlO);
    await t.see('second-secret');
    await quit(t);
  });

  it('NO_COLOR: no colours are written', async () => {
    const session = new FakeSession({ skills: SKILLS });
    const t = await fakeTerminal(session, { env: { NO_COLOR: '1' } });
    await t.type('/nope');
    await t.press(KEY.enter);
    await t.see('/nope is not a command');
    await eventually(() => expect(t.written()).toContain('command'));
    expect(t.written()).not.toMatch(/\x1b\[[0-9;]*(3[0-7]|4[0-7]|38;5;\d+|48;5;\d+|9[0-7])m/);
    await quit(t);
  });

  it('reflows on resize', async () => {
    const t = await fakeTerminal(new FakeSession({ workroot: '/a/very/long/work/root/that/needs/room' }));
    await t.see('idle');
    const out = t.screen.program.output as unknown as { columns: number; rows: number; emit(e: string): void };
    out.columns = 120;
    out.rows = 30;
    out.emit('resize');
    await eventually(() => expect(t.text().split('\n')[29]).toContain('/a/very/long/work/root/that/needs/room'));
    await quit(t);
  });
});
