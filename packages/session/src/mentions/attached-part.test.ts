import { describe, expect, it } from 'vitest';
import { historyEvents } from '../history-events.js';
import { attachedText, isAttached, markAttached } from './attached-part.js';

describe('attached parts', () => {
  it('are marked, and a replay shows the typed text as the turn, not each attachment', () => {
    const content = [
      attachedText('<bash-input>ls</bash-input>'),
      attachedText('<bash-stdout>a.ts</bash-stdout><bash-stderr></bash-stderr>'),
      { type: 'text' as const, text: 'explain @a.ts' },
      ...markAttached([{ type: 'text', text: 'Called the read_file tool with the following input: {"path":"a.ts"}' }]),
    ];
    expect(content.map(isAttached)).toEqual([true, true, false, true]);
    const events = historyEvents([{ role: 'user', content }], { summarize: (name) => name, kind: () => 'read' });
    expect(events.filter((e) => e.type === 'turn_start').map((e) => (e as { text: string }).text)).toEqual([
      'explain @a.ts',
    ]);
  });
});
