import type { SessionEvent as AgentEvent } from '@coding-harness/protocol';
import pc from 'picocolors';
import { describe, expect, it } from 'vitest';
import { finishedBlocks, loadMarkdown } from './markdown.js';
import { createEventRenderer } from './render.js';

describe('markdown in the REPL', () => {
  it('finds where the finished blocks end: a blank line outside a code fence, complete lines only', () => {
    expect(finishedBlocks('one paragraph')).toBe(0);
    expect(finishedBlocks('one\n\ntwo')).toBe(5);
    expect(finishedBlocks('```\na\n\nb\n```\n')).toBe(0);
    expect(finishedBlocks('```\na\n\nb\n```\n\nafter')).toBe(14);
    expect(finishedBlocks('\nleading blank only')).toBe(0);
  });

  it('renders streamed text a finished block at a time, never per delta, and the rest at the message end', () => {
    const seen: string[] = [];
    const render = (md: string): string => {
      seen.push(md);
      return `<${md.trim()}>\n`;
    };
    const r = createEventRenderer({
      colors: pc.createColors(false),
      text: 'stream',
      toolLines: true,
      markdown: { render },
    });
    const deltas = [
      '# Ti',
      'tle\n',
      '\nSome **bo',
      'ld** text',
      '.\n\n```ts\nconst x',
      ' = 1;\n\n',
      'y\n```\n',
      'tail',
    ];
    const out = [
      ...deltas.map((text): AgentEvent => ({ type: 'text_delta', text })),
      {
        type: 'message_end',
        message: { role: 'assistant', content: [{ type: 'text', text: deltas.join('') }] },
        stopReason: 'end_turn',
      } as AgentEvent,
    ].flatMap((e) => r(e).map((c) => c.text));
    expect(seen).toEqual(['# Title\n\n', 'Some **bold** text.\n\n', '```ts\nconst x = 1;\n\ny\n```\ntail']);
    expect(out.join('')).toBe('<# Title>\n\n<Some **bold** text.>\n\n<```ts\nconst x = 1;\n\ny\n```\ntail>\n');
  });

  it('loads marked-terminal on demand: bold loses its stars, a ts fence is highlighted', () => {
    const render = loadMarkdown(80);
    expect(render).toBeDefined();
    const text = render?.('Some **bold**.\n\n```ts\nconst x: number = 1;\n```\n') ?? '';
    expect(text).not.toContain('**');
    expect(text).toContain('bold');
    expect(text).toContain('number');
    expect(text.endsWith('\n')).toBe(true);
  });

  it('sanitizes after rendering too: a bidi override or ESC decoded from an entity never reaches the terminal, colours do', () => {
    const render = loadMarkdown(80);
    const r = createEventRenderer({
      colors: pc.createColors(false),
      text: 'stream',
      toolLines: true,
      ...(render ? { markdown: { render } } : {}),
    });
    const text = 'safe &#x202E;txt.exe &#27;[2J **bold** &#8238;\n';
    const out = [
      { type: 'text_delta', text } as AgentEvent,
      {
        type: 'message_end',
        message: { role: 'assistant', content: [{ type: 'text', text }] },
        stopReason: 'end_turn',
      } as AgentEvent,
    ]
      .flatMap((e) => r(e).map((c) => c.text))
      .join('');
    expect(out).not.toMatch(/[\u202e\u202a-\u202d\u2066-\u2069]/);
    expect(out).not.toMatch(/\x1b(?!\[[0-9;]*m)/);
    expect(out).toContain('\\u202e');
  });
});
