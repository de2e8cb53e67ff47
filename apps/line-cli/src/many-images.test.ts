/**
 * The API's many-image rule through the built `harness` against the strict mock (which refuses
 * as the API does): 20 images in a request may be up to 8000 px a side, but once a request holds
 * more than 20, an image over 2000 px is replaced, in that request, by a line naming its file;
 * nothing is refused and the stored conversation keeps the image.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { body, childEnv, cleanup, makeSandbox, mock, run } from './test-support/cli.js';
import { png } from './test-support/media.js';

afterEach(cleanup);

type Block = { type: string; text?: string; source?: { data: string }; content?: Block[] };
const blocks = (request: unknown): Block[] =>
  body(request as never).messages.flatMap((m) => (Array.isArray(m.content) ? (m.content as Block[]) : []));
const images = (request: unknown): Block[] =>
  blocks(request)
    .flatMap((b) => (b.type === 'tool_result' ? (b.content ?? []) : [b]))
    .filter((b) => b.type === 'image');

describe('more than 20 images in a request (harness -p)', () => {
  it('an image over 2000 px is a line naming its file once the request passes 20 images', async () => {
    const box = makeSandbox();
    const big = png(2100, 10);
    writeFileSync(join(box.work, 'big.png'), big);
    for (let i = 1; i <= 20; i += 1) writeFileSync(join(box.work, `s${i}.png`), png(i, 2));
    const mentions = ['@big.png', ...Array.from({ length: 19 }, (_, i) => `@s${i + 1}.png`)].join(' ');
    const server = await mock(
      new ScriptBuilder().toolUse('read_file', { path: 's20.png' }).text('twenty-one pictures').build(),
    );
    const res = await run(['-C', box.work, '--no-sandbox', '-p', `compare ${mentions}`], {
      env: childEnv(box, server),
    });
    expect(res.code).toBe(0);
    expect(res.stdout).toBe('twenty-one pictures\n');
    const [first, second] = server.messageRequests();
    expect(server.requests.filter((r) => r.rejected)).toEqual([]);
    // Twenty: the large one goes as it is.
    expect(images(first)).toHaveLength(20);
    expect(images(first).some((b) => b.source?.data === big.toString('base64'))).toBe(true);
    // Twenty-one: it is a line naming the file and the fix.
    expect(images(second)).toHaveLength(20);
    expect(images(second).some((b) => b.source?.data === big.toString('base64'))).toBe(false);
    const line = blocks(second).find((b) => b.text?.startsWith('[big.png (2100x10) is left out of this request'));
    expect(line?.text).toContain('with more than 20 the API takes images up to 2000x2000 pixels');
  });
});
