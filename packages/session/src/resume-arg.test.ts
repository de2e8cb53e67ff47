import { describe, expect, it } from 'vitest';
import { parseHarnessArgs } from './args.js';

describe('--resume with and without an id', () => {
  it('takes the id after it, and the empty id (a picker) when none follows', () => {
    const parse = (argv: string[]) => {
      const r = parseHarnessArgs(argv);
      if (!r.ok) throw new Error(r.message);
      return r.flags;
    };
    expect(parse(['--resume', 'abc']).resume).toBe('abc');
    expect(parse(['--resume']).resume).toBe('');
    expect(parse(['--resume', '-C', '/tmp']).resume).toBe('');
    expect(parse(['--resume=abc']).resume).toBe('abc');
    expect(parse(['-r']).resume).toBe('');
    expect(parse(['-r', 'abc']).resume).toBe('abc');
    expect(parse([]).resume).toBeUndefined();
  });

  it('-p refuses --resume without an id, saying how to name one', () => {
    const r = parseHarnessArgs(['-p', 'hi', '--resume']);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.exitCode).toBe(2);
      expect(r.message).toContain('harness --resume <id> -p');
    }
  });
});
