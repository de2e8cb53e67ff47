import { describe, expect, it } from 'vitest';
import { normalizeArgv, parseHarnessArgs } from './args.js';

function flags(argv: string[]) {
  const res = parseHarnessArgs(argv);
  if (!res.ok) throw new Error(res.message);
  return res.flags;
}

function error(argv: string[]): string {
  const res = parseHarnessArgs(argv);
  if (res.ok) throw new Error(`expected a usage error for ${argv.join(' ')}`);
  expect(res.exitCode).toBe(2);
  return res.message;
}

describe('parseHarnessArgs', () => {
  it('has defaults for an interactive session', () => {
    expect(flags([])).toMatchObject({
      print: false,
      skills: true,
      autoSkills: true,
      untrusted: false,
      permissionMode: 'default',
      outputFormat: 'text',
      inputFormat: 'text',
      skillDirs: [],
      allowedTools: [],
    });
  });

  it('accepts the single-dash long forms of the design and -C DIR', () => {
    const f = flags(['-C', '/tmp/x', '-no-skills', '-no-auto-skills', '-model', 'claude-haiku-5-5', '-p', 'hi']);
    expect(f).toMatchObject({
      directory: '/tmp/x',
      skills: false,
      autoSkills: false,
      model: 'claude-haiku-5-5',
      print: true,
      prompt: 'hi',
    });
  });

  it('takes the -p prompt from the positionals, or leaves it for stdin', () => {
    expect(flags(['-p', 'fix', 'the', 'bug']).prompt).toBe('fix the bug');
    expect(flags(['--print=one shot']).prompt).toBe('one shot');
    expect(flags(['-p']).prompt).toBeUndefined();
  });

  it('splits tool rules on commas and spaces, keeping parentheses whole', () => {
    expect(flags(['--allowed-tools', 'Edit,Bash(npm test:*) Read', '--allowed-tools', 'Write']).allowedTools).toEqual([
      'Edit',
      'Bash(npm test:*)',
      'Read',
      'Write',
    ]);
    expect(flags(['--disallowed-tools', 'Bash(rm:*)']).disallowedTools).toEqual(['Bash(rm:*)']);
  });

  it('names the flag or value in every usage error', () => {
    expect(error(['--frobnicate'])).toContain('--frobnicate');
    expect(error(['--output-format', 'xml'])).toContain('--output-format');
    expect(error(['--permission-mode', 'yolo'])).toContain('--permission-mode');
    expect(error(['--max-turns', 'many'])).toContain('--max-turns');
    expect(error(['--max-turns', '0'])).toContain('--max-turns must be at least 1');
    expect(error(['--thinking', '-5'])).toMatch(/--thinking/);
    expect(error(['--model'])).toContain('--model');
    expect(error(['--continue', '--resume', 'abc'])).toContain('--resume');
    expect(error(['stray'])).toContain('stray');
    expect(error(['--json'])).toContain('--json');
  });

  it('suggests the closest flag for a typo, as /commands do, and guesses nothing for a far one', () => {
    expect(error(['--modle', 'opus'])).toBe(
      "Unknown option '--modle' (did you mean --model?) (harness --help lists the flags)",
    );
    expect(error(['-modle', 'opus'])).toBe(
      "Unknown option '-modle' (did you mean --model?) (harness --help lists the flags)",
    );
    expect(error(['--verbos'])).toContain('(did you mean --verbose?)');
    expect(error(['--allowedTool', 'Bash'])).toContain('(did you mean --allowed-tools?)');
    expect(error(['--no-skils'])).toContain('(did you mean --no-skills?)');
    expect(error(['--permission=plan'])).toContain('(did you mean --permission-mode?)');
    // Two names start with `--ver`: no guess; nor for another tool's flag.
    expect(error(['--ver'])).not.toContain('did you mean');
    expect(error(['--permission-prompt-tool', 'x'])).toBe(
      "Unknown option '--permission-prompt-tool' (harness --help lists the flags)",
    );
    expect(error(['--frobnicate'])).not.toContain('did you mean');
  });

  it('reads --effort, --thinking (as typed: the model decides later) and --max-tokens', () => {
    expect(flags(['--effort', 'xhigh', '--thinking', 'between_tools', '--max-tokens', '64000'])).toMatchObject({
      effort: 'xhigh',
      thinking: 'between_tools',
      maxTokens: 64000,
    });
    expect(error(['--effort', 'huge'])).toBe("--effort must be one of low, medium, high, xhigh, max, got 'huge'");
    expect(error(['--max-tokens', '0'])).toContain('--max-tokens');
    expect(error(['--max-tokens', '1e5'])).toContain('--max-tokens');
    expect(error(['--thinking', ''])).toContain('adaptive, between_tools, off');
  });

  it('reads --trust and --untrusted, which exclude each other', () => {
    expect(flags(['--trust'])).toMatchObject({ trust: true, untrusted: false });
    expect(flags([])).toMatchObject({ trust: false, untrusted: false });
    expect(error(['--trust', '--untrusted'])).toContain('--trust and --untrusted');
  });

  it('reads --acp with the session flags every editor session gets; the editor names the work root and the session', () => {
    expect(flags(['--acp', '--model', 'claude-opus-5-5', '--permission-mode', 'acceptEdits'])).toMatchObject({
      acp: true,
      print: false,
      model: 'claude-opus-5-5',
      permissionMode: 'acceptEdits',
    });
    expect(flags([]).acp).toBe(false);
    expect(error(['--acp', '-p', 'hi'])).toBe('--acp and --print cannot be used together');
    expect(error(['--acp', '-C', '/tmp'])).toBe('--acp and --directory cannot be used together');
    expect(error(['--acp', '--resume', 'abc'])).toBe('--acp and --resume cannot be used together');
    expect(error(['--acp', '--continue'])).toBe('--acp and --continue cannot be used together');
  });

  it('parses the skills subcommands', () => {
    expect(flags(['skills']).command).toEqual({ name: 'skills', json: false });
    expect(flags(['skills', '--json', '-C', 'dir']).command).toEqual({ name: 'skills', json: true });
    expect(flags(['skills', 'lint', 'a', 'b']).command).toEqual({
      name: 'skills-lint',
      paths: ['a', 'b'],
      strict: false,
      fix: false,
    });
    expect(flags(['skills', 'lint', '--strict', '--fix', 'dir']).command).toEqual({
      name: 'skills-lint',
      paths: ['dir'],
      strict: true,
      fix: true,
    });
    expect(error(['skills', '--strict'])).toContain('--strict belongs to harness skills lint');
    expect(error(['-p', 'hi', '--fix'])).toContain('--fix belongs to harness skills lint');
    expect(error(['skills', 'frob'])).toContain('frob');
  });

  it('reads numbers, modes, formats and session flags', () => {
    expect(
      flags([
        '--max-turns',
        '3',
        '--thinking',
        '2048',
        '--permission-mode',
        'plan',
        '--output-format',
        'stream-json',
        '--resume',
        'abc',
      ]),
    ).toMatchObject({
      maxTurns: 3,
      thinking: '2048',
      permissionMode: 'plan',
      outputFormat: 'stream-json',
      resume: 'abc',
    });
    expect(flags(['-c']).continue).toBe(true);
    expect(flags(['--skills', 'a', '-skills', 'b', '--untrusted']).skillDirs).toEqual(['a', 'b']);
  });
});

describe('normalizeArgv', () => {
  it('leaves values and everything after -- alone', () => {
    expect(normalizeArgv(['-p', '-no-skills', '--', '-model'])).toEqual(['-p', '--no-skills', '--', '-model']);
    expect(normalizeArgv(['--allowedTools', 'Edit'])).toEqual(['--allowed-tools', 'Edit']);
    expect(normalizeArgv(['-unknown-thing'])).toEqual(['-unknown-thing']);
  });
});
