/** The loop's hooks, each through a whole turn against the strict mock. */
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { resultText } from '@coding-harness/model';
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { defineTool } from '@coding-harness/tools';
import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import type { Hooks, PluginRecord } from './hooks.js';
import { MAX_CONTINUATIONS } from './hooks.js';
import { createSessionStore } from './session-store.js';
import {
  body,
  cleanup,
  ofType,
  resultBody,
  setup,
  tempDir,
  transcriptProblems,
  turn,
  turnEnd,
} from './testing/kit.test.util.js';

afterEach(cleanup);

const finished = (events: Awaited<ReturnType<typeof turn>>) =>
  ofType(events, 'tool_call_finished').map((e) => [e.name, e.isError, resultText(e.content)]);

/** The tool_result blocks the model got in request `i`. */
const resultsSent = (server: Parameters<typeof body>[0], i: number) =>
  body(server, i)
    .messages.flatMap((m) => m.content)
    .filter((b) => b.type === 'tool_result')
    .map((b) => [resultBody(b as unknown as { content: unknown }), b.is_error === true]);

describe('beforeToolCall', () => {
  it('blocks a call: the reason is the result the model gets, and the tool never runs', async () => {
    const script = new ScriptBuilder().toolUse('bash', { command: 'touch ran.txt' }).text('ok').build();
    const guard: Hooks = {
      name: 'guard',
      beforeToolCall: (call) => (call.name === 'bash' ? { block: 'no shell commands in this repository' } : undefined),
    };
    const { agent, server, workroot, ask } = await setup(script, { agent: { hooks: [guard] } });
    const events = await turn(agent, 'make a file');
    expect(finished(events)).toEqual([['bash', true, 'no shell commands in this repository']]);
    expect(ask.questions).toEqual([]);
    expect(existsSync(join(workroot, 'ran.txt'))).toBe(false);
    expect(resultsSent(server, 1)).toEqual([['no shell commands in this repository', true]]);
    expect(ofType(events, 'tool_call_finished')[0]?.display).toBe('blocked: no shell commands in this repository');
  });

  it('rewrites the input: the new input is validated, shown and run; one that does not validate ends the call', async () => {
    const script = new ScriptBuilder()
      .toolUse('glob', { pattern: '*.md' })
      .toolUse('read_file', { path: 'a.txt' })
      .text('ok')
      .build();
    const rewrite: Hooks = {
      name: 'rewrite',
      beforeToolCall: (call) => {
        if (call.name === 'glob') return { input: { pattern: '*.txt' } };
        if (call.name === 'read_file') return { input: { path: 42 } };
        return undefined;
      },
    };
    const { agent, workroot } = await setup(script, { agent: { hooks: [rewrite] } });
    await writeFile(join(workroot, 'a.txt'), 'hello\n');
    const events = await turn(agent, 'look');
    expect(ofType(events, 'tool_call_started').map((e) => [e.name, e.input, e.summary])).toEqual([
      ['glob', { pattern: '*.txt' }, 'glob *.txt'],
      ['read_file', { path: 'a.txt' }, 'read_file a.txt'],
    ]);
    const [glob, read] = ofType(events, 'tool_call_finished');
    expect([glob?.isError, resultText(glob?.content ?? [])]).toEqual([false, 'a.txt']);
    expect(read?.isError).toBe(true);
    expect(resultText(read?.content ?? [])).toBe(
      'the rewrite hook rewrote the input: Invalid input for read_file: path: Invalid input: expected string, received number.',
    );
  });

  it('a hook that throws blocks the call (a guard that fails never lets a call through)', async () => {
    const script = new ScriptBuilder().toolUse('bash', { command: 'echo hi' }).text('ok').build();
    const broken: Hooks = {
      name: 'broken',
      beforeToolCall: () => {
        throw new Error('policy file unreadable');
      },
    };
    const { agent } = await setup(script, { agent: { hooks: [broken] }, policy: { mode: 'bypassPermissions' } });
    const events = await turn(agent, 'go');
    expect(finished(events)).toEqual([
      ['bash', true, 'blocked: the broken hook (beforeToolCall) failed: policy file unreadable'],
    ]);
  });

  it('plugins run in order; a block from the first stops the rest', async () => {
    const script = new ScriptBuilder().toolUse('glob', { pattern: '*' }).text('ok').build();
    const seen: string[] = [];
    const first: Hooks = {
      name: 'first',
      beforeToolCall: () => {
        seen.push('first');
        return { block: 'stopped by the first' };
      },
    };
    const second: Hooks = {
      name: 'second',
      beforeToolCall: () => {
        seen.push('second');
      },
    };
    const { agent } = await setup(script, { agent: { hooks: [first, second] } });
    await turn(agent, 'go');
    expect(seen).toEqual(['first']);
  });
});

describe('beforeToolCall permission', () => {
  it('allow answers the question yes (nobody is asked); a deny rule still refuses', async () => {
    const script = new ScriptBuilder()
      .toolUses([
        { name: 'bash', input: { command: 'touch ok.txt' } },
        { name: 'bash', input: { command: 'rm -rf x' } },
      ])
      .text('ok')
      .build();
    const allow: Hooks = { name: 'allow', beforeToolCall: () => ({ permission: 'allow' }) };
    const { agent, workroot, ask } = await setup(script, {
      agent: { hooks: [allow] },
      policy: { deny: ['Bash(rm:*)'] },
    });
    const events = await turn(agent, 'go');
    expect(ask.questions).toEqual([]);
    expect(existsSync(join(workroot, 'ok.txt'))).toBe(true);
    expect(finished(events).map(([name, isError]) => [name, isError])).toEqual([
      ['bash', false],
      ['bash', true],
    ]);
  });

  it('ask asks even when the mode allows the call, says the reason, and a no refuses it', async () => {
    const script = new ScriptBuilder().toolUse('bash', { command: 'touch asked.txt' }).text('ok').build();
    const seen: string[] = [];
    const askHook: Hooks = {
      name: 'ask',
      beforeToolCall: () => ({ permission: 'ask', reason: 'this touches the release' }),
      onQuestion: (q) => {
        seen.push(`${q.tool}: ${q.summary}`);
      },
    };
    const { agent, workroot, ask } = await setup(script, {
      agent: { hooks: [askHook] },
      policy: { mode: 'bypassPermissions' },
      answers: [{ type: 'deny', message: 'not now' }],
    });
    const events = await turn(agent, 'go');
    expect(ask.questions).toHaveLength(1);
    expect(seen).toEqual([`bash: ${ask.questions[0]?.summary}`]);
    expect(ofType(events, 'notice').map((n) => n.message)).toContain(
      'a hook asks about this call: this touches the release',
    );
    expect(existsSync(join(workroot, 'asked.txt'))).toBe(false);
    expect(finished(events)[0]?.[1]).toBe(true);
  });
});

describe('afterThread', () => {
  it("sends a thread on with a text (Claude Code's SubagentStop); the thread's context is its own", async () => {
    const script = new ScriptBuilder()
      .toolUse('glob', { pattern: '*' })
      .text('FIRST')
      .text('SECOND')
      .text('done')
      .build();
    const stops: string[] = [];
    const plugin: Hooks = {
      name: 'sub',
      afterToolCall: async (call, _result, ctx) => {
        const end = await ctx.runThread({
          name: 'helper',
          parentCallId: call.id,
          system: [{ text: 'You are a helper.' }],
          tools: [],
          task: 'Say something.',
        });
        return { result: { content: [{ type: 'text', text: end.text }], display: 'delegated', isError: false } };
      },
      afterThread: (end, ctx) => {
        stops.push(`${end.name}/${end.continuations}/${ctx.threadId === end.threadId}`);
        return end.continuations === 0 ? { continueWith: 'Check your answer once more.' } : undefined;
      },
    };
    const { agent, server } = await setup(script, { agent: { hooks: [plugin] } });
    await turn(agent, 'go');
    expect(stops).toEqual(['helper/0/true', 'helper/1/true']);
    expect(JSON.stringify(body(server, 2).messages.at(-1))).toContain('Check your answer once more.');
    expect(resultsSent(server, 3)).toEqual([['SECOND', false]]);
  });
});

describe('afterToolCall', () => {
  it("replaces the result (content, display, error); the replacement's secrets are redacted too", async () => {
    const script = new ScriptBuilder().toolUse('read_file', { path: 'a.txt' }).text('ok').build();
    const secret = 'sk-test-secret-value-123';
    const seenByHook: string[] = [];
    const replace: Hooks = {
      name: 'replace',
      afterToolCall: (call, result) => {
        seenByHook.push(resultText(result.content));
        return call.name === 'read_file'
          ? {
              result: {
                content: [{ type: 'text', text: `REPLACED (token ${secret})` }],
                display: 'replaced',
                isError: true,
                errorCode: 'failed',
              },
            }
          : undefined;
      },
    };
    const { agent, server, workroot } = await setup(script, { agent: { hooks: [replace], secrets: [secret] } });
    await writeFile(join(workroot, 'a.txt'), `the key is ${secret}\n`);
    const events = await turn(agent, 'read it');
    // The hook saw the tool's result already redacted; the model and the front end see the replacement, redacted.
    expect(seenByHook).toEqual(['     1\tthe key is [redacted secret]']);
    expect(finished(events)).toEqual([['read_file', true, 'REPLACED (token [redacted secret])']]);
    expect(ofType(events, 'tool_call_finished')[0]?.display).toBe('replaced');
    expect(resultsSent(server, 1)).toEqual([['REPLACED (token [redacted secret])', true]]);
  });
});

describe('beforeTurn', () => {
  it("adds context after the user's text, in the transcript and in the request", async () => {
    const context: Hooks = { name: 'context', beforeTurn: () => ({ context: ['The build is red since Monday.'] }) };
    const { agent, server } = await setup(new ScriptBuilder().text('ok').build(), {
      agent: { hooks: [context], model: 'claude-haiku-4-5' },
    });
    await turn(agent, 'what is wrong?');
    const sent = JSON.stringify(body(server, 0).messages);
    expect(sent.indexOf('what is wrong?')).toBeLessThan(sent.indexOf('The build is red since Monday.'));
    expect(sent).toContain('<harness-note>\\nThe build is red since Monday.\\n</harness-note>');
    expect(transcriptProblems(agent.messages())).toEqual([]);
  });

  it('makes forced calls before the first request, with a tool the model was not given', async () => {
    const calls: string[] = [];
    const hidden = defineTool({
      name: 'prepare_workspace',
      description: 'Prepares the workspace.',
      kind: 'read',
      ruleNames: [],
      pathFields: [],
      schema: z.object({ what: z.string() }),
      summarize: (input) => `prepare ${input.what}`,
      permission: () => ({}),
      execute: async (input) => {
        calls.push(input.what);
        return { content: [{ type: 'text', text: `prepared ${input.what}` }], display: 'prepared', isError: false };
      },
    });
    const forcer: Hooks = {
      name: 'forcer',
      beforeTurn: () => ({ calls: [{ tool: hidden, input: { what: 'docs' } }] }),
    };
    const { agent, server } = await setup(new ScriptBuilder().text('ok').build(), { agent: { hooks: [forcer] } });
    const events = await turn(agent, 'start');
    expect(calls).toEqual(['docs']);
    expect(ofType(events, 'tool_call_started')[0]).toMatchObject({ name: 'prepare_workspace', forced: true });
    const sent = body(server, 0);
    expect(sent.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(sent.messages[1]?.content[0]).toMatchObject({ type: 'tool_use', name: 'prepare_workspace' });
    expect(resultsSent(server, 0)).toEqual([['prepared docs', false]]);
    expect((sent.tools as { name: string }[]).map((t) => t.name)).not.toContain('prepare_workspace');
  });

  it('blocks the turn: nothing is sent or recorded, and the turn ends blocked with the reason', async () => {
    const gate: Hooks = {
      name: 'gate',
      beforeTurn: ({ text }) => (text.includes('rm') ? { block: 'not that' } : undefined),
    };
    const { agent, server } = await setup(new ScriptBuilder().text('ok').build(), { agent: { hooks: [gate] } });
    const events = await turn(agent, 'rm everything');
    expect(turnEnd(events)).toMatchObject({ stopReason: 'blocked', outcome: 'failed' });
    expect(ofType(events, 'error').map((e) => e.message)).toEqual(['the turn was blocked: not that']);
    expect(server.messageRequests()).toHaveLength(0);
    expect(agent.messages()).toEqual([]);
    expect(turnEnd(await turn(agent, 'hello')).stopReason).toBe('end_turn');
  });
});

describe('afterTurn', () => {
  it('observes how the turn ended and may send it on with a text, at most MAX_CONTINUATIONS times', async () => {
    const script = new ScriptBuilder().text('one').text('two').text('three').text('four').text('five').build();
    const ends: string[] = [];
    const stop: Hooks = {
      name: 'stop',
      afterTurn: (end) => {
        ends.push(`${end.stopReason}/${end.continuations}`);
        return { continueWith: 'The tests still fail; keep going.' };
      },
    };
    const { agent, server } = await setup(script, { agent: { hooks: [stop] } });
    const events = await turn(agent, 'fix it');
    expect(server.messageRequests()).toHaveLength(MAX_CONTINUATIONS + 1);
    expect(ends).toEqual(['end_turn/0', 'end_turn/1', 'end_turn/2', 'end_turn/3']);
    expect(JSON.stringify(body(server, 1).messages.at(-1))).toContain('The tests still fail; keep going.');
    expect(turnEnd(events).stopReason).toBe('end_turn');
    expect(ofType(events, 'notice').at(-1)?.message).toMatch(/already went on 3 times/);
    expect(transcriptProblems(agent.messages())).toEqual([]);
  });
});

describe('compaction hooks', () => {
  const compactingScript = () =>
    new ScriptBuilder()
      .toolUse('read_file', { path: 'big.txt' })
      .text('I read big.txt.')
      .text('SUMMARY: read big.txt.', { match: 'about to be compacted' })
      .text('Continuing.')
      .build();
  const bigRoot = async (): Promise<string> => {
    const workroot = await tempDir('agent-root-');
    await writeFile(join(workroot, 'big.txt'), `${'x'.repeat(90)}\n`.repeat(400));
    return workroot;
  };

  it('beforeCompact adds a focus to the summary request; afterCompact re-attaches text after the summary', async () => {
    const seen: { reason: string; focus?: string }[] = [];
    const plugin: Hooks = {
      name: 'notes',
      beforeCompact: (ctx) => {
        seen.push({ reason: ctx.reason, ...(ctx.focus !== undefined ? { focus: ctx.focus } : {}) });
        return { focus: 'the files read' };
      },
      afterCompact: () => ({ reattach: [{ label: 'notes', text: 'NOTES: keep the changelog format.' }] }),
    };
    const { agent, server } = await setup(compactingScript(), {
      workroot: await bigRoot(),
      // A model without server compaction: the harness writes the summary (the focus is in its request).
      agent: { hooks: [plugin], contextWindow: 12_000, model: 'claude-fable-5-2' },
    });
    await turn(agent, 'read big.txt');
    const second = await turn(agent, 'next?');
    expect(ofType(second, 'compaction')[0]?.reattachedSkills).toEqual(['notes']);
    expect(seen).toEqual([{ reason: 'threshold' }]);
    expect(JSON.stringify(body(server, 2).messages.at(-1))).toContain('Focus the summary on: the files read');
    const texts = body(server, 3).messages[0]!.content.map((b) => (b.type === 'text' ? b.text : ''));
    expect(texts[1]).toBe('NOTES: keep the changelog format.');
  });

  it('beforeCompact blocks: nothing is summarised, and the notice says why', async () => {
    const block: Hooks = { name: 'keep', beforeCompact: () => ({ block: 'a hook keeps the transcript whole' }) };
    const { agent, server } = await setup(compactingScript(), {
      workroot: await bigRoot(),
      agent: { hooks: [block], contextWindow: 12_000 },
    });
    await turn(agent, 'read big.txt');
    const events: Awaited<ReturnType<typeof turn>> = [];
    for await (const event of agent.compact({ focus: 'anything' })) events.push(event);
    expect(ofType(events, 'notice').map((n) => n.message)).toEqual([
      'compaction skipped: a hook keeps the transcript whole',
    ]);
    expect(server.messageRequests()).toHaveLength(2);
  });
});

describe('the context hooks get', () => {
  it('persist writes a plugin record; a resumed session gives it back in records(); the agent refuses its own types', async () => {
    const dir = await tempDir('agent-sessions-');
    const seen: (readonly PluginRecord[])[] = [];
    const refused: string[] = [];
    const plugin: Hooks = {
      name: 'memo',
      beforeTurn: (_turn, ctx) => {
        seen.push([...ctx.records()]);
        ctx.persist({ type: 'memo', note: `turn ${ctx.records().length + 1}` });
        try {
          ctx.persist({ type: 'message', message: {} });
        } catch (err) {
          refused.push((err as Error).message);
        }
      },
    };
    const store = createSessionStore({ dir });
    const first = await setup(new ScriptBuilder().text('ok').build(), {
      agent: { hooks: [plugin], sessionStore: store },
    });
    await turn(first.agent, 'one');
    await first.agent.close();
    const again = await setup(new ScriptBuilder().text('ok').build(), {
      workroot: first.workroot,
      agent: { hooks: [plugin], sessionStore: store, resumeId: first.agent.sessionId },
    });
    await turn(again.agent, 'two');
    expect(seen).toEqual([[], [{ type: 'memo', note: 'turn 1' }]]);
    expect(refused[0]).toMatch(/needs a type of its own, not "message"/);
    const loaded = await store.load(first.agent.sessionId);
    expect(loaded.ok && loaded.records).toEqual([
      { type: 'memo', note: 'turn 1' },
      { type: 'memo', note: 'turn 2' },
    ]);
  });

  it('switchSettings changes the model for the rest of the turn; runThread runs a subagent whose usage counts', async () => {
    const script = new ScriptBuilder()
      .toolUse('glob', { pattern: '*' })
      .text('THREAD ANSWER')
      .text('done')
      .text('next turn')
      .build();
    let threadText = '';
    const plugin: Hooks = {
      name: 'delegate',
      afterToolCall: async (call, _result, ctx) => {
        ctx.switchSettings({ model: 'haiku', origin: 'plugin delegate' });
        const end = await ctx.runThread({
          name: 'helper',
          parentCallId: call.id,
          system: [{ text: 'You are a helper.' }],
          tools: [],
          task: 'Say something.',
        });
        threadText = end.text;
        return { result: { content: [{ type: 'text', text: end.text }], display: 'delegated', isError: false } };
      },
    };
    const { agent, server } = await setup(script, { agent: { hooks: [plugin] } });
    const events = await turn(agent, 'go');
    expect(threadText).toBe('THREAD ANSWER');
    expect(server.messageRequests().map((r) => (r.body as { model: string }).model)).toEqual([
      'claude-sonnet-5-5',
      'claude-haiku-5-5',
      'claude-haiku-5-5',
    ]);
    expect(body(server, 1).system).toEqual([
      { type: 'text', text: 'You are a helper.', cache_control: expect.anything() },
    ]);
    const [thread] = ofType(events, 'thread_start');
    expect(thread).toMatchObject({ name: 'helper', parentCallId: ofType(events, 'tool_call_started')[0]?.callId });
    expect(ofType(events, 'usage').map((u) => u.request)).toEqual([1, 2, 3]);
    expect(ofType(events, 'notice').map((n) => n.message)).toContain(
      "plugin delegate: model claude-haiku-5-5 for the rest of this turn (the session's settings return next turn); its requests cannot reuse claude-sonnet-5-5's prompt cache",
    );
    await turn(agent, 'again');
    expect(body(server, 3).model).toBe('claude-sonnet-5-5');
  });
});
