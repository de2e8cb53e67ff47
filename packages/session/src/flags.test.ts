import { describe, expect, it } from 'vitest';
import { parseHarnessArgs } from './args.js';
import { CONFLICTS, FLAGS, flagHelpLines, flagsMarkdownTable, parseArgsOptions } from './flags.js';
import { helpText } from './help.js';

describe('the flags table', () => {
  it('has one row per long and short name, and parseArgs options exactly for its rows', () => {
    const names = FLAGS.map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
    const shorts = FLAGS.flatMap((f) => (f.short ? [f.short] : []));
    expect(new Set(shorts).size).toBe(shorts.length);
    expect(Object.keys(parseArgsOptions())).toEqual(names);
    for (const f of FLAGS) if (f.type === 'string') expect(f.value, `--${f.name} has no value name`).toBeTruthy();
  });

  it('every flag is parsed: a valid use of each row is accepted', () => {
    const sample: Record<string, string> = {
      'output-format': 'json',
      'input-format': 'stream-json',
      'max-turns': '3',
      effort: 'low',
      thinking: 'off',
      'max-tokens': '100',
      'permission-mode': 'plan',
      'setting-sources': 'user,project',
      'session-id': '3f2b7c1e-0a4d-4e8b-9c6f-1d2e3f4a5b6c',
    };
    for (const f of FLAGS) {
      const argv = f.type === 'boolean' ? [`--${f.name}`] : [`--${f.name}`, sample[f.name] ?? 'x'];
      const withCommand =
        f.name === 'json'
          ? ['skills', ...argv]
          : f.name === 'strict' || f.name === 'fix'
            ? ['skills', 'lint', ...argv]
            : f.name === 'verbose' || f.name === 'output-format' || f.name === 'input-format'
              ? ['-p', 'hi', ...argv]
              : argv;
      expect(parseHarnessArgs(withCommand), `--${f.name}`).toMatchObject({ ok: true });
    }
  });

  it("every row's check refuses a bad value with a message naming the flag", () => {
    for (const f of FLAGS.filter((x) => x.check)) {
      const message = f.check!(f.name === 'thinking' ? ' ' : 'not-a-valid-value');
      expect(message, `--${f.name}`).toContain(`--${f.name}`);
      expect(parseHarnessArgs([`--${f.name}`, f.name === 'thinking' ? ' ' : 'not-a-valid-value'])).toMatchObject({
        ok: false,
        message,
      });
    }
  });

  it('every conflict is refused naming both flags', () => {
    for (const [a, b] of CONFLICTS) {
      const arg = (n: string) => (FLAGS.find((f) => f.name === n)!.type === 'string' ? [`--${n}`, 'v'] : [`--${n}`]);
      expect(parseHarnessArgs([...arg(a), ...arg(b)])).toMatchObject({
        ok: false,
        message: `--${a} and --${b} cannot be used together`,
      });
    }
  });

  it('--help lists every row once; the TUI help leaves out exactly the non-interactive ones', () => {
    const harness = helpText();
    const tui = helpText('harness-tui');
    for (const f of FLAGS) {
      expect(harness).toContain(`--${f.name}${f.value ? ` ${f.value}` : ''} `);
      expect(tui.includes(`--${f.name}${f.value ? ` ${f.value}` : ''} `)).toBe(f.interactive);
    }
    expect(flagHelpLines()).toHaveLength(FLAGS.length);
    expect(tui).toContain('harness-tui --demo-fake');
  });

  it('the README table has one row per flag', () => {
    const rows = flagsMarkdownTable().split('\n').slice(2);
    expect(rows).toHaveLength(FLAGS.length);
    FLAGS.forEach((f, i) => expect(rows[i]).toContain(`--${f.name}`));
  });
});
