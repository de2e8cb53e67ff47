import { describe, expect, it } from 'vitest';
import { slashCompleter } from './slash-complete.js';

describe('Tab at the prompt', () => {
  const complete = slashCompleter(() => ['help', 'model', 'mode', 'exit', 'quit', 'deploy-app', 'mode']);
  it('completes a /word from the commands and skills', () => {
    expect(complete('/mo')).toEqual([['/mode', '/model'], '/mo']);
    expect(complete('/dep')).toEqual([['/deploy-app'], '/dep']);
    expect(complete('/')[0]).toHaveLength(6);
  });
  it('completes nothing in ordinary text or after the command word', () => {
    expect(complete('fix the /mo')).toEqual([[], 'fix the /mo']);
    expect(complete('/model claude')).toEqual([[], '/model claude']);
  });
});
