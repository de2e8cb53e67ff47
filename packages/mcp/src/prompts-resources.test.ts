// Prompts, resources and elicitation against the real server-everything over stdio.
import { afterEach, describe, expect, it } from 'vitest';
import { createToolContext, createReadTracker } from '@coding-harness/tools';
import { createMcpManager } from './manager.js';
import type { McpManager } from './manager.js';
import type { ElicitAnswer, ElicitQuestion } from './elicitation.js';
import { bindArguments, getPrompt, listPrompts, promptMessage, splitArguments } from './prompts.js';
import { listResources, readResource } from './resources.js';
import { configured, EVERYTHING, PROMPTS_FIXTURE, stdio } from './testing/servers.test.util.js';

const managers: McpManager[] = [];
afterEach(async () => {
  await Promise.all(managers.splice(0).map((m) => m.close()));
});

function start(elicit?: (q: ElicitQuestion) => Promise<ElicitAnswer>) {
  const manager = createMcpManager({
    servers: [configured('everything', stdio([EVERYTHING, 'stdio']))],
    env: { PATH: process.env.PATH, HOME: process.env.HOME },
    refusedVars: [],
    cwd: process.cwd(),
    maxOutputTokens: 1_000,
    onChange: () => undefined,
    ...(elicit ? { elicit } : {}),
  });
  managers.push(manager);
  return manager;
}

const OPTS = { timeoutMs: 10_000, maxChars: 4_000 };

describe('argument words', () => {
  it('splits on blanks and keeps quoted blanks and escapes inside one word', () => {
    expect(splitArguments(`Paris "Île de France" it\\'s ''`)).toEqual(['Paris', 'Île de France', "it's", '']);
  });

  it('binds words in order, joins the rest into the last, names a missing required argument', () => {
    const prompt = { name: 'p', arguments: [{ name: 'city', required: true }, { name: 'note' }] };
    expect(bindArguments('/mcp__s__p', prompt, 'Paris is nice today')).toEqual({
      ok: true,
      args: { city: 'Paris', note: 'is nice today' },
    });
    expect(bindArguments('/mcp__s__p', prompt, '')).toEqual({
      ok: false,
      message: '/mcp__s__p needs the argument city; usage: /mcp__s__p <city> [note]',
    });
    expect(bindArguments('/mcp__s__q', { name: 'q' }, 'x')).toMatchObject({ ok: false });
  });
});

describe('a prompt result as a message', () => {
  it('joins the texts (an assistant text marked), keeps images as parts, cuts text past the cap', () => {
    const result = {
      messages: [
        { role: 'user', content: { type: 'text', text: 'one' } },
        { role: 'assistant', content: { type: 'text', text: 'two' } },
        { role: 'user', content: { type: 'image', data: 'AAAA', mimeType: 'image/png' } },
        { role: 'user', content: { type: 'audio', data: 'AAAA', mimeType: 'audio/wav' } },
      ],
    };
    expect(promptMessage(result, 1_000)).toEqual({
      text: 'one\n\n(assistant) two\n\n[audio audio/wav, not shown]',
      parts: [{ type: 'image', mediaType: 'image/png', data: 'AAAA' }],
    });
    const long = promptMessage({ messages: [{ role: 'user', content: { type: 'text', text: 'x'.repeat(50) } }] }, 10);
    expect(long.text).toBe(
      `${'x'.repeat(10)}\n[prompt cut: 40 more characters, over the 10-character cap for MCP output; set MAX_MCP_OUTPUT_TOKENS to raise it]`,
    );
  });
});

describe('server-everything prompts and resources', () => {
  it('lists prompts with their arguments and gets one as a user message', async () => {
    const manager = start();
    await manager.start();
    const client = manager.client('everything');
    expect(client).toBeDefined();
    const prompts = await listPrompts(client!, 10_000);
    const args = prompts.find((p) => p.name === 'args-prompt');
    expect(args?.arguments?.map((a) => [a.name, a.required ?? false])).toEqual([
      ['city', true],
      ['state', false],
    ]);
    const got = await getPrompt(client!, 'args-prompt', { city: 'Paris' }, OPTS);
    expect(got).toEqual({ ok: true, message: { text: "What's weather in Paris?", parts: [] } });
    const embedded = await getPrompt(client!, 'resource-prompt', { resourceType: 'Text', resourceId: '3' }, OPTS);
    expect(embedded.ok && embedded.message.text).toContain('the Text resource with id: 3');
    expect(embedded.ok && embedded.message.parts[0]).toMatchObject({
      type: 'text',
      text: expect.stringMatching(/^\[resource demo:\/\/resource\/dynamic\/text\/3\]\nResource 3: /),
    });
    const refused = await getPrompt(client!, 'resource-prompt', { resourceType: 'Nope', resourceId: '1' }, OPTS);
    expect(refused).toMatchObject({ ok: false, message: expect.stringContaining('Invalid resourceType') });
  });

  it('lists resources and templates and reads text and blob contents, capped', async () => {
    const manager = start();
    await manager.start();
    const client = manager.client('everything')!;
    const resources = await listResources(client, 10_000);
    expect(resources.some((r) => r.uri === 'demo://resource/static/document/architecture.md')).toBe(true);
    expect(resources.find((r) => r.uri === 'demo://resource/dynamic/text/{resourceId}')?.template).toBe(true);
    const doc = await readResource(client, 'demo://resource/static/document/architecture.md', {
      timeoutMs: 10_000,
      maxChars: 100,
    });
    expect(doc.ok).toBe(true);
    if (!doc.ok) return;
    expect(doc.parts).toHaveLength(1);
    const text = doc.parts[0]?.type === 'text' ? doc.parts[0].text : '';
    expect(text).toMatch(/^\[resource demo:\/\/resource\/static\/document\/architecture\.md\]\n/);
    expect(text).toMatch(/\[cut: \d+ more characters, over the 100-character cap/);
    expect(doc.notes[0]).toMatch(/cut to 100 of \d+ characters/);
    const blob = await readResource(client, 'demo://resource/dynamic/blob/2', OPTS);
    expect(blob.ok && blob.parts[0]).toMatchObject({
      type: 'text',
      text: expect.stringMatching(/bytes of binary, not shown/),
    });
    const missing = await readResource(client, 'demo://nothing/here', OPTS);
    expect(missing.ok).toBe(false);
  });
});

describe('elicitation', () => {
  it('is declared only with a handler: the server offers its elicitation tool then, and gets the answer', async () => {
    const plain = start();
    await plain.start();
    expect(plain.tools().some((t) => t.name === 'mcp__everything__trigger-elicitation-request')).toBe(false);

    const asked: ElicitQuestion[] = [];
    const manager = start(async (q) => {
      asked.push(q);
      return { action: 'accept', content: { name: 'Ada', check: true, integer: 7, untitledSingleSelectEnum: 'Joey' } };
    });
    await manager.start();
    const tool = manager.tools().find((t) => t.name === 'mcp__everything__trigger-elicitation-request');
    expect(tool).toBeDefined();
    const ctx = createToolContext({
      root: process.cwd(),
      signal: new AbortController().signal,
      readTracker: createReadTracker(),
    });
    const result = await tool!.execute({}, ctx, { onUpdate: () => undefined });
    expect(asked[0]?.server).toBe('everything');
    expect(asked[0]?.message).toBe('Please provide inputs for the following fields:');
    const byName = new Map(asked[0]?.fields.map((f) => [f.name, f]));
    expect(byName.get('check')).toMatchObject({ type: 'boolean' });
    expect(byName.get('integer')).toMatchObject({ type: 'integer', minimum: 1, maximum: 100, default: 42 });
    expect(byName.get('untitledSingleSelectEnum')).toMatchObject({
      type: 'enum',
      options: expect.arrayContaining(['Joey']),
    });
    expect(byName.get('untitledMultipleSelectEnum')).toMatchObject({ type: 'multi-enum' });
    const text = result.content.map((p) => (p.type === 'text' ? p.text : '')).join('\n');
    expect(text).toContain('Ada');
    expect(result.isError ?? false).toBe(false);
  });
});

describe('images and list changes (the prompts fixture)', () => {
  it('an image in a prompt and an image resource become image parts; a prompt added later is reported', async () => {
    const changed: string[] = [];
    const manager = createMcpManager({
      servers: [configured('fx', stdio([PROMPTS_FIXTURE]))],
      env: { PATH: process.env.PATH, HOME: process.env.HOME },
      refusedVars: [],
      cwd: process.cwd(),
      maxOutputTokens: 1_000,
      onChange: () => undefined,
      onListChanged: (server, what) => changed.push(`${server}:${what}`),
    });
    managers.push(manager);
    await manager.start();
    const client = manager.client('fx')!;
    const look = await getPrompt(client, 'look', { what: 'a dot' }, OPTS);
    expect(look).toMatchObject({
      ok: true,
      message: { text: 'Find a dot in this picture.', parts: [{ type: 'image', mediaType: 'image/png' }] },
    });
    const dot = await readResource(client, 'fixture://dot.png', OPTS);
    expect(dot).toMatchObject({ ok: true, parts: [{ type: 'image', mediaType: 'image/png' }], notes: [] });
    expect((await listPrompts(client, 10_000)).map((p) => p.name)).toEqual(['look']);
    const add = manager.tools().find((t) => t.name === 'mcp__fx__add-prompt')!;
    const ctx = createToolContext({
      root: process.cwd(),
      signal: new AbortController().signal,
      readTracker: createReadTracker(),
    });
    await add.execute({}, ctx, { onUpdate: () => undefined });
    await expect.poll(() => changed, { timeout: 10_000 }).toContain('fx:prompts');
    expect((await listPrompts(client, 10_000)).map((p) => p.name)).toEqual(['look', 'later']);
  });
});
