import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import pc from 'picocolors';
import { afterEach, describe, expect, it } from 'vitest';
import { approvalPrompt } from './question.js';
import { childEnv, cleanup, makeSandbox, mock, run } from './test-support/cli.js';

afterEach(cleanup);

describe('the REPL question', () => {
  it('shows the first lines of a long diff and counts the rest; the target and rule stay whole', () => {
    const preview = [
      '--- a.txt',
      '+++ a.txt',
      '@@ -0,0 +1,300 @@',
      ...Array.from({ length: 300 }, (_, i) => `+line ${i}`),
    ];
    const q = approvalPrompt(
      {
        tool: 'write_file',
        target: 'a.txt',
        summary: 'write_file a.txt',
        preview: preview.join('\n'),
      },
      'write_file(a.txt)',
      pc.createColors(false),
      60,
    );
    expect(q.lines.slice(0, 60)).toEqual(preview.slice(0, 60));
    expect(q.lines[60]).toBe('  … 243 more lines of the diff (--verbose shows all of it)');
    expect(q.lines.at(-2)).toContain('[a]lways stores this rule for the session: write_file(a.txt)');
    expect(q.lines.at(-1)).toContain('[p]roject stores it for this project too');
    expect(q.question).toContain('Allow write_file a.txt?');
  });

  it('says what the stored rule covers before the answer (the event’s alwaysCovers)', () => {
    const line = (alwaysCovers?: string) =>
      approvalPrompt(
        { tool: 'bash', target: 'make all', summary: 'bash: make all', ...(alwaysCovers ? { alwaysCovers } : {}) },
        'bash(make all)',
        pc.createColors(false),
      ).lines.at(-2);
    expect(line('exactly this command, as written, and nothing else')).toBe(
      '  [a]lways stores this rule for the session: bash(make all) (exactly this command, as written, and nothing else)',
    );
    expect(line()).toBe('  [a]lways stores this rule for the session: bash(make all)');
  });

  it('input that ends at a question denies it and ends the turn (no further requests)', async () => {
    const box = makeSandbox();
    const server = await mock(
      new ScriptBuilder()
        .toolUse('bash', { command: 'touch one' })
        .toolUse('bash', { command: 'touch two' })
        .text('never reached')
        .build(),
    );
    const res = await run(['-C', box.work, '--no-sandbox'], { env: childEnv(box, server), stdin: 'go\n' });
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('Allow bash: touch one?');
    expect(res.stdout).not.toContain('touch two');
    expect(server.messageRequests()).toHaveLength(1);
  });
});
