/** What a watcher sees of a running command: its output as it arrives, never a secret, split or whole. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runBash } from './bash.js';
import { createStreamRedactor, redactSecrets } from './secrets.js';

const SECRET = 'sk-ant-streamed-secret-1234567890';

describe('a stream redactor', () => {
  it('catches a secret split across pieces, and passes text without one through in order', () => {
    const r = createStreamRedactor([SECRET]);
    const shown = [r.push('key: sk-ant-str'), r.push('eamed-secret-12'), r.push('34567890 and more\n'), r.end()].join(
      '',
    );
    expect(shown).toBe('key: [redacted secret] and more\n');
  });

  it('whatever the cut points, the pieces shown add up to the whole text redacted', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.array(fc.nat(), { maxLength: 8 }), (before, after, cuts) => {
        const text = `${before}${SECRET}${after}${SECRET}`;
        const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
        const r = createStreamRedactor([SECRET]);
        let shown = '';
        let at = 0;
        for (const p of [...points, text.length]) {
          shown += r.push(text.slice(at, p));
          at = p;
        }
        shown += r.end();
        expect(shown).toBe(redactSecrets(text, [SECRET]));
        expect(shown).not.toContain(SECRET);
      }),
      { numRuns: 300 },
    );
  });
});

describe("bash's live output", () => {
  it('reports every piece as it arrives; together they are what the command printed, in order', async () => {
    const pieces: string[] = [];
    const result = await runBash(
      'echo one; echo two >&2; printf three',
      process.cwd(),
      10_000,
      new AbortController().signal,
      30_000,
      {
        onOutput: (text) => pieces.push(text),
      },
    );
    expect(result.isError).toBe(false);
    expect(pieces.join('')).toBe('one\ntwo\nthree');
  });

  it('decodes a multi-byte character split between two chunks whole', async () => {
    const pieces: string[] = [];
    // "é" is two bytes; the first is written, then the second after a pause of the command's own.
    await runBash(
      "printf '\\xc3'; sleep 0.1; printf '\\xa9\\n'",
      process.cwd(),
      10_000,
      new AbortController().signal,
      30_000,
      {
        onOutput: (text) => pieces.push(text),
      },
    );
    expect(pieces.join('')).toBe('é\n');
    expect(pieces.join('')).not.toContain('\ufffd');
  });
});
