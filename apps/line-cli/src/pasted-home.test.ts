/**
 * A pasted `~/path` to an image is taken from the user's home (HOME of the run, a temp folder
 * here), through the built `harness` against the strict mock: the image block follows the text;
 * a `~/` path to nothing there attaches nothing and the message goes as typed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { body, childEnv, cleanup, makeSandbox, mock, run } from './test-support/cli.js';
import { png } from './test-support/media.js';

afterEach(cleanup);

describe('a pasted ~/ path (harness -p)', () => {
  it("attaches the image from the run's home; a ~/ path to nothing attaches nothing", async () => {
    const box = makeSandbox();
    mkdirSync(join(box.home, 'Shots'));
    writeFileSync(join(box.home, 'Shots', 'screen shot.png'), png(3, 2));
    const server = await mock(new ScriptBuilder().text('a small picture').text('nothing').build());
    const env = childEnv(box, server);
    const res = await run(
      ['-C', box.work, '--no-sandbox', '--verbose', '-p', "what is this? '~/Shots/screen shot.png'"],
      { env },
    );
    expect(res.code).toBe(0);
    const content = body(server.messageRequests()[0]).messages.at(-1)?.content as { type: string; source?: unknown }[];
    expect(content.map((part) => part.type)).toEqual(['text', 'text', 'image']);
    expect(content[2]!.source).toEqual({ type: 'base64', media_type: 'image/png', data: png(3, 2).toString('base64') });
    expect(res.stderr).toContain(`attached PNG image ${join(box.home, 'Shots', 'screen shot.png')} (3x2, 1 KB)`);

    const missing = await run(['-C', box.work, '--no-sandbox', '-p', 'and ~/Shots/gone.png?'], { env });
    expect(missing.code).toBe(0);
    const plain = body(server.messageRequests()[1]).messages.at(-1)?.content as { type: string; text?: string }[];
    expect(plain.map((part) => [part.type, part.text])).toEqual([['text', 'and ~/Shots/gone.png?']]);
  });
});
