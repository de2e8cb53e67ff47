import { describe, expect, it } from 'vitest';
import { NO_SKILLS_MESSAGE, SKILLS_OFF_MESSAGE, routeSlash } from '@coding-harness/session';
import { allowedText, COMMANDS, helpText, interpret } from './commands.js';
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

  it('/<slug> of a user-invocable skill goes to the agent verbatim with its arguments; /skill:<slug> is normalised as harness does', () => {
    expect(interpret('/demo-skill now please', SKILLS)).toEqual({ kind: 'send', text: '/demo-skill now please' });
    expect(interpret('/skill:release-notes v2', SKILLS)).toEqual({ kind: 'send', text: '/release-notes v2' });
  });

  it('agrees with line-cli routeSlash on every sample (the same router, not a copy)', () => {
    for (const text of [
      '/help',
      '/exit now',
      '/demo-skill a b',
      '/skill:demo-skill',
      '/house-style',
      '/nope',
      '/usr/bin/env',
      'plain',
    ]) {
      const route = routeSlash(text, SKILLS);
      const what = interpret(text, SKILLS);
      const expected =
        route.kind === 'command'
          ? { kind: 'command', name: route.name }
          : route.kind === 'skill'
            ? { kind: 'send', text: route.text }
            : route.kind === 'text'
              ? { kind: 'send', text }
              : { kind: 'reject', message: route.message };
      expect(what).toEqual(expected);
    }
  });

  it('with skills off (--no-skills) any /word that is not a built-in is plain text', () => {
    expect(interpret('/nope x', SKILLS, { skillsEnabled: false })).toEqual({ kind: 'send', text: '/nope x' });
    expect(interpret('/help', SKILLS, { skillsEnabled: false })).toEqual({ kind: 'command', name: 'help' });
  });

  it('a model-only skill is refused', () => {
    expect(interpret('/house-style', SKILLS)).toEqual({
      kind: 'reject',
      message: '/house-style can only be used by the model (user-invocable: false)',
    });
  });

  it('a typo is an unknown command', () => {
    expect(interpret('/demo-skil hi', SKILLS)).toEqual({
      kind: 'reject',
      message: 'unknown command /demo-skil — /help lists them',
    });
    expect(interpret('/skill:nope', SKILLS)).toEqual({
      kind: 'reject',
      message: 'unknown command /skill:nope — /help lists them',
    });
  });
});

describe('/help', () => {
  it('lists the commands, the keys, and says skills are /name', () => {
    const text = helpText(SKILLS);
    for (const word of [
      '/help',
      '/skills',
      '/allowed',
      '/clear',
      '/exit',
      'PageUp',
      'Ctrl-C',
      'Ctrl-D',
      'skills are /name',
      '/demo-skill',
    ])
      expect(text).toContain(word);
    expect(text).not.toContain('/house-style');
  });
});

describe('shared listings', () => {
  it('/help without skills says where harness looked, or that skills are off', () => {
    expect(helpText([])).toContain(NO_SKILLS_MESSAGE);
    expect(helpText([], false)).toContain(SKILLS_OFF_MESSAGE);
  });

  it('/allowed lists grants with scope and origin, then deny rules', () => {
    const text = allowedText(
      [{ rule: 'Bash(sleep:*)', scope: 'session', origin: '--allowed-tools' }],
      [{ rule: 'Bash(rm:*)', scope: 'session', origin: '--disallowed-tools' }],
    );
    expect(text.split('\n')).toEqual([
      'allow Bash(sleep:*)  (session, --allowed-tools)',
      'deny  Bash(rm:*)  (--disallowed-tools)',
    ]);
    expect(allowedText([], [])).toContain('nothing is pre-approved');
  });

  it("the command list is harness's, each with a description", () => {
    expect(COMMANDS.map((c) => c.name)).toEqual(['help', 'skills', 'allowed', 'clear', 'exit']);
    for (const c of COMMANDS) expect(c.description.length).toBeGreaterThan(3);
  });
});
