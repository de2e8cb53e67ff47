import { utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import type { Message } from '@coding-harness/model';
import { createSessionStore } from './session-store.js';
import { cleanup, tempDir } from './testing/kit.test.util.js';

afterEach(cleanup);

const WORKROOTS = ['/w/a', '/w/b'];

/** A line that must be skipped: not JSON, JSON that is no record, or a known record that does not fit. */
const badLine = fc.oneof(
  fc.string({ maxLength: 40 }).map((s) => s.replace(/\n/g, ' ')),
  fc.json({ maxDepth: 2 }).filter((j) => !j.includes('\n')),
  fc.constantFrom(
    '{"type":"message"}',
    '{"type":"message","message":{"role":"user"}}',
    '{"type":"message","message":{"role":"user","content":"text"}}',
    '{"type":"message","message":{"role":"user","content":[]}}',
    '{"type":"message","message":{"role":"user","content":[{"type":"image"}]}}',
    '{"type":"compaction"}',
    '{"type":"compaction","messages":[{"role":"user"}]}',
    '{"type":"skill"}',
    '{"type":"truncate","keep":"all"}',
    '{"type":"prefix","system":"x","tools":[]}',
    '{"type":"session","id":"nested"}',
  ),
);

type Line = { good: Message } | { bad: string };
const text = fc.string({ minLength: 1, maxLength: 12 });
const goodLine = fc
  .record({ role: fc.constantFrom('user' as const, 'assistant' as const), text })
  .map((m): Line => ({ good: { role: m.role, content: [{ type: 'text', text: m.text }] } }));
const sessionFile = fc.record({
  workroot: fc.constantFrom(...WORKROOTS),
  first: text,
  lines: fc.array(
    fc.oneof(
      goodLine,
      badLine.map((bad): Line => ({ bad })),
    ),
    { maxLength: 12 },
  ),
  torn: fc.boolean(),
});
/** Anything at all: random bytes, or random JSON lines (which may look like records). */
const junkFile = fc.oneof(
  fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b)),
  fc.array(fc.json({ maxDepth: 3 }), { maxLength: 6 }).map((lines) => Buffer.from(lines.join('\n'))),
  fc.array(badLine, { maxLength: 6 }).map((lines) => Buffer.from(lines.join('\n'))),
);

/** The transcript a valid session must load as: its good messages, same-role neighbours merged. */
function expected(first: string, lines: readonly Line[]): Message[] {
  const out: Message[] = [{ role: 'user', content: [{ type: 'text', text: first }] }];
  for (const line of lines) {
    if (!('good' in line)) continue;
    const last = out.at(-1)!;
    if (last.role === line.good.role)
      out[out.length - 1] = { role: last.role, content: [...last.content, ...line.good.content] };
    else out.push(line.good);
  }
  return out;
}

describe('session files of any content (property)', () => {
  it('load, list and latest never throw, and every valid session is still found with its valid records', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(sessionFile, { maxLength: 4 }),
        fc.array(junkFile, { maxLength: 4 }),
        async (sessions, junk) => {
          const dir = await tempDir('sessions-prop-');
          const store = createSessionStore({ dir, onNotice: () => undefined });
          const base = Date.now() / 1000;
          let stamp = 0;
          sessions.forEach((s, i) => {
            const id = `s${i}`;
            const header = JSON.stringify({
              type: 'session',
              id,
              workroot: s.workroot,
              model: 'm',
              createdAt: '2026-12-01T00:00:00.000Z',
            });
            const first = JSON.stringify({
              type: 'message',
              message: { role: 'user', content: [{ type: 'text', text: s.first }] },
            });
            const body = s.lines.map((l) =>
              'good' in l ? JSON.stringify({ type: 'message', message: l.good }) : l.bad,
            );
            writeFileSync(
              join(dir, `${id}.jsonl`),
              `${[header, first, ...body].join('\n')}\n${s.torn ? '{"type":"message","mess' : ''}`,
            );
            utimesSync(join(dir, `${id}.jsonl`), base + ++stamp, base + stamp);
          });
          junk.forEach((bytes, i) => {
            writeFileSync(join(dir, `junk${i}.jsonl`), bytes);
            utimesSync(join(dir, `junk${i}.jsonl`), base + ++stamp, base + stamp);
          });

          const listed = (await store.list()).map((s) => s.id);
          for (const [i, s] of sessions.entries()) {
            expect(listed).toContain(`s${i}`);
            const loaded = await store.load(`s${i}`);
            expect(loaded.ok).toBe(true);
            if (loaded.ok) expect(loaded.messages).toEqual(expected(s.first, s.lines));
          }
          for (const root of WORKROOTS) {
            const newest = sessions
              .map((s, i) => ({ s, i }))
              .filter(({ s }) => s.workroot === root)
              .at(-1);
            const latest = await store.latest(root);
            // Junk that happens to parse as a header of this root would be a session too; it never does here.
            expect(latest?.id).toBe(newest ? `s${newest.i}` : undefined);
          }
          for (let i = 0; i < junk.length; i++) await store.load(`junk${i}`);
        },
      ),
      { numRuns: 60 },
    );
  });
});
