// MCP servers' questions in the TUI: the transcript says who asks, the hint asks each field,
// what Enter submits answers it, and the answer goes to the session by request id.
import type { ElicitationAnswer, SessionEvent } from '@coding-harness/protocol';
import { describe, expect, it } from 'vitest';
import { completions } from './completion.js';
import { ElicitationPrompt } from './elicitation-prompt.js';
import { mentionItems } from './mention-completion.js';

function host() {
  const said: string[] = [];
  const answers: [string, ElicitationAnswer][] = [];
  let hint = '';
  const prompt = new ElicitationPrompt({
    notice: (text) => void said.push(text),
    error: (text) => void said.push(`error: ${text}`),
    hint: (text) => void (hint = text),
    answer: (id, answer) => void answers.push([id, answer]),
  });
  return { prompt, said, answers, hint: () => hint };
}

const asked = (requestId: string): SessionEvent => ({
  type: 'elicitation_requested',
  requestId,
  server: 'everything',
  message: 'Who are you?',
  fields: [
    { name: 'name', type: 'string', required: true },
    { name: 'n', type: 'number', required: false, default: 3 },
  ],
});

describe('the TUI elicitation prompt', () => {
  it('asks field by field and answers by request id, then opens the next question', () => {
    const h = host();
    h.prompt.onEvent(asked('e1'));
    h.prompt.onEvent(asked('e2'));
    expect(h.prompt.open).toBe(true);
    expect(h.said[0]).toContain('MCP server everything asks: Who are you?');
    expect(h.hint()).toBe('name (string, required): ');
    h.prompt.input('');
    expect(h.said.at(-1)).toBe('error: name is required (/decline refuses the question)');
    h.prompt.input('Ada');
    expect(h.hint()).toBe('n (number) [3]: ');
    h.prompt.input('');
    expect(h.answers).toEqual([['e1', { action: 'accept', content: { name: 'Ada', n: 3 } }]]);
    // e1's resolution (it was answered) says nothing more; e2 is open now.
    h.prompt.onEvent({ type: 'elicitation_resolved', requestId: 'e1', action: 'accept' });
    h.prompt.input('/decline');
    expect(h.answers.at(-1)).toEqual(['e2', { action: 'decline' }]);
    expect(h.prompt.open).toBe(false);
    expect(h.hint()).toBe('');
  });

  it('a question the session ends first is dropped with a notice; a cancelled turn cancels the rest', () => {
    const h = host();
    h.prompt.onEvent(asked('e1'));
    h.prompt.onEvent({ type: 'elicitation_resolved', requestId: 'e1', action: 'cancel' });
    expect(h.said.at(-1)).toBe("the MCP server's question ended before it was answered (cancel)");
    expect(h.prompt.open).toBe(false);
    h.prompt.onEvent(asked('e3'));
    h.prompt.cancelAll();
    expect(h.answers).toEqual([['e3', { action: 'cancel' }]]);
    expect(h.prompt.open).toBe(false);
  });
});

describe('MCP prompts and resources in the menus', () => {
  it('the / menu lists MCP prompts after commands and skills, with their arguments', () => {
    const items = completions(
      '/mcp__',
      [],
      [
        {
          name: 'mcp__everything__args-prompt',
          aliases: [],
          args: '<city> [state]',
          description: 'weather (MCP prompt of everything)',
        },
      ],
    );
    expect(items).toEqual([
      {
        label: '/mcp__everything__args-prompt',
        insert: '/mcp__everything__args-prompt ',
        description: '<city> [state] weather (MCP prompt of everything)',
      },
    ]);
  });

  it('the @ menu offers MCP resources before files, replacing the typed word', () => {
    const items = mentionItems('read @ev', process.cwd(), ['@everything:demo://a']);
    expect(items[0]).toEqual({
      label: '@everything:demo://a',
      insert: 'read @everything:demo://a ',
      description: 'MCP resource',
    });
  });
});
