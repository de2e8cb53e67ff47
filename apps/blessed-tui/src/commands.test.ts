import { describe, expect, it } from 'vitest';
import { helpText, interpret } from './commands.js';
import { SKILLS } from './test-skills.test.helper.js';

describe('interpret: what Enter does', () => {
  it('plain text is sent as typed (trailing space dropped)', () => {
    expect(interpret('fix the bug  ', SKILLS)).toEqual({ kind: 'send', text: 'fix the bug' });
  });

  it('blank input does nothing', () => {
    expect(interpret('   ', SKILLS)).toEqual({ kind: 'empty' });
  });

  it.each(['help', 'skills', 'allowed', 'clear', 'exit'])('/%s is a built-in', (name) => {
    expect(interpret(`/${name}`, SKILLS)).toEqual({ kind: 'command', name });
  });

  it('/<slug> and /skill:<slug> of a user-invocable skill go to the agent verbatim with their arguments', () => {
    expect(interpret('/demo-skill now please', SKILLS)).toEqual({ kind: 'send', text: '/demo-skill now please' });
    expect(interpret('/skill:release-notes v2', SKILLS)).toEqual({ kind: 'send', text: '/skill:release-notes v2' });
  });

  it('a model-only skill is refused', () => {
    expect(interpret('/house-style', SKILLS)).toEqual({ kind: 'reject', message: '/house-style can only be used by the model (user-invocable: false)' });
  });

  it('a typo is an unknown command', () => {
    expect(interpret('/demo-skil hi', SKILLS)).toEqual({ kind: 'reject', message: 'unknown command /demo-skil — /help lists them' });
    expect(interpret('/skill:nope', SKILLS)).toEqual({ kind: 'reject', message: 'unknown command /skill:nope — /help lists them' });
  });
});

describe('/help', () => {
  it('lists the commands, the keys, and says skills are /name', () => {
    const text = helpText(SKILLS);
    for (const word of ['/help', '/skills', '/allowed', '/clear', '/exit', 'PageUp', 'Ctrl-C', 'Ctrl-D', 'skills are /name', '/demo-skill']) expect(text).toContain(word);
    expect(text).not.toContain('/house-style');
  });
});
