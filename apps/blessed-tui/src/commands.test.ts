import { describe, expect, it } from 'vitest';
import type { Skill } from '@coding-harness/skills';
import {
  NO_SKILLS_MESSAGE,
  SKILLS_OFF_MESSAGE,
  SLASH_COMMANDS,
  routeSlash,
  skillSummary,
  slashCommandInfo,
} from '@coding-harness/session';
import type { RouteOptions } from '@coding-harness/session';
import { COMMANDS, helpText, interpret as interpretWith } from './commands.js';
import { SKILLS } from './test-skills.test.helper.js';

/** `interpret` over the session's router for `skills` (what `Session.route` is). */
const interpret = (input: string, skills: readonly Skill[], options: RouteOptions = {}) =>
  interpretWith(input, (text) => routeSlash(text, skills, options));
/** `/help` as the TUI shows the session's result for it. */
const help = (skills: readonly Skill[], skillsEnabled = true) =>
  helpText({ kind: 'help', commands: slashCommandInfo(), skills: skills.map(skillSummary), skillsEnabled });

describe('interpret: what Enter does', () => {
  it('plain text is sent as typed (trailing space dropped)', () => {
    expect(interpret('fix the bug  ', SKILLS)).toEqual({ kind: 'send', text: 'fix the bug' });
  });

  it('blank input does nothing', () => {
    expect(interpret('   ', SKILLS)).toEqual({ kind: 'empty' });
  });

  it.each(['help', 'skills', 'allowed', 'clear', 'exit'])('/%s is a built-in', (name) => {
    expect(interpret(`/${name}`, SKILLS)).toEqual({ kind: 'command', name, args: '' });
  });

  it('/<slug> of a user-invocable skill goes to the agent verbatim with its arguments; /skill:<slug> is normalised as harness does', () => {
    expect(interpret('/demo-skill now please', SKILLS)).toEqual({ kind: 'send', text: '/demo-skill now please' });
    expect(interpret('/skill:release-notes v2', SKILLS)).toEqual({ kind: 'send', text: '/release-notes v2' });
  });

  it("agrees with the session's router on every sample (the same router, not a copy)", () => {
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
          ? { kind: 'command', name: route.name, args: route.args }
          : route.kind === 'run_skill'
            ? { kind: 'send', text: route.text }
            : route.kind === 'text'
              ? { kind: 'send', text }
              : { kind: 'reject', message: route.message };
      expect(what).toEqual(expected);
    }
  });

  it('with skills off (--no-skills) a /word that is not a built-in is refused too, never sent; a path is sent', () => {
    expect(interpret('/nope x', SKILLS, { skillsEnabled: false })).toMatchObject({
      kind: 'reject',
      message: expect.stringContaining('/nope is not a command (skills are off), so nothing was sent to the model'),
    });
    expect(interpret('/demo-skill', SKILLS, { skillsEnabled: false })).toMatchObject({ kind: 'reject' });
    expect(interpret('/usr/bin/env x', SKILLS, { skillsEnabled: false })).toEqual({
      kind: 'send',
      text: '/usr/bin/env x',
    });
    expect(interpret('/model claude-opus-5-5', SKILLS, { skillsEnabled: false })).toEqual({
      kind: 'command',
      name: 'model',
      args: 'claude-opus-5-5',
    });
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
      message:
        '/demo-skil is not a command or skill, so nothing was sent to the model; did you mean /demo-skill? /help lists them (a path like /usr/bin/env is sent as text)',
    });
    expect(interpret('/skill:nope', SKILLS)).toMatchObject({
      kind: 'reject',
      message: expect.stringContaining('/skill:nope is not a command or skill'),
    });
  });
});

describe('/help', () => {
  it('lists the commands, the keys, and says skills are /name', () => {
    const text = help(SKILLS);
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
    expect(help([])).toContain(NO_SKILLS_MESSAGE);
    expect(help([], false)).toContain(SKILLS_OFF_MESSAGE);
  });

  it("the command list is harness's, each with a description", () => {
    expect(COMMANDS.map((c) => c.name)).toEqual(SLASH_COMMANDS);
    for (const c of COMMANDS) expect(c.description.length).toBeGreaterThan(3);
  });
});
