import { describe, expect, it } from 'vitest';
import { approvalKey, openApproval, type ApprovalState } from './approval-state.js';
import { question } from './test-events.test.helper.js';

const open = () =>
  openApproval(
    question({
      tool: 'bash',
      kind: 'exec',
      input: { command: 'npm test' },
      target: 'npm test',
      summary: 'bash: npm test',
    }),
  );
const keys = (s: ApprovalState, seq: [string | undefined, string | undefined][]) => {
  let state = s;
  for (const [name, ch] of seq) {
    const r = approvalKey(state, name, ch);
    if (r.type === 'answer') return r.answer;
    state = r.state;
  }
  return state;
};

describe('approval keys', () => {
  it('y allows once, a for the session', () => {
    expect(keys(open(), [['y', 'y']])).toEqual({ type: 'once' });
    expect(keys(open(), [['a', 'a']])).toEqual({ type: 'session' });
  });

  it('p allows for the project when "always" stores a rule, and is no answer when it stores none', () => {
    const withRule = openApproval({ ...open().request, alwaysRule: 'bash(npm test:*)' });
    expect(keys(withRule, [['p', 'p']])).toEqual({ type: 'project' });
    const noRule = openApproval({ ...open().request, alwaysRule: '' });
    expect(keys(noRule, [['p', 'p']])).toMatchObject({ phase: 'choose' });
  });

  it('n then a line denies with that message', () => {
    const typed = [...'use pnpm'].map((c): [string, string] => [c === ' ' ? 'space' : c, c]);
    expect(keys(open(), [['n', 'n'], ...typed, ['return', '\r']])).toEqual({ type: 'deny', message: 'use pnpm' });
  });

  it('n then Enter denies without a message', () => {
    expect(
      keys(open(), [
        ['n', 'n'],
        ['return', '\r'],
      ]),
    ).toEqual({ type: 'deny' });
  });

  it('Esc denies at once', () => {
    expect(keys(open(), [['escape', undefined]])).toEqual({ type: 'deny' });
  });

  it('other keys change nothing', () => {
    expect(keys(open(), [['x', 'x']])).toEqual(open());
  });
});
