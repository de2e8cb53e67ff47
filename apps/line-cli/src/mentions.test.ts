import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { body, childEnv, cleanup, makeSandbox, mock, run } from './test-support/cli.js';
import { png } from './test-support/media.js';

afterEach(cleanup);

const KEY = 'sk-ant-api03-mention-test-secret-0123456789';

/** The first request's last user message, as the API got it. */
async function firstUserContent(args: string[], files: Record<string, string | Buffer>, extraArgs: string[] = []) {
  const box = makeSandbox();
  for (const [rel, content] of Object.entries(files)) {
    mkdirSync(join(box.work, rel, '..'), { recursive: true });
    writeFileSync(join(box.work, rel), content);
  }
  const server = await mock(new ScriptBuilder().text('ok').build());
  const res = await run(['-C', box.work, '--verbose', '-p', ...args, ...extraArgs], {
    env: childEnv(box, server, { ANTHROPIC_API_KEY: KEY }),
  });
  const content = body(server.messageRequests()[0]).messages.at(-1)?.content as Array<Record<string, unknown>>;
  return { res, content, box };
}

describe('@path mentions attach the file, as Claude Code does (built CLI, mock API)', () => {
  it('a file: the read call and its numbered lines follow the text, the key in it redacted', async () => {
    const { res, content } = await firstUserContent(['explain @src/a.ts please'], {
      'src/a.ts': `export const answer = 42;\nconst key = '${KEY}';\n`,
    });
    expect(res.code).toBe(0);
    expect(content[0]).toEqual({ type: 'text', text: 'explain @src/a.ts please' });
    expect(content[1]).toEqual({
      type: 'text',
      text: 'Called the read_file tool with the following input: {"path":"src/a.ts"}',
    });
    expect(content[2]?.text).toMatch(/^Result of calling the read_file tool:\n\s+1\texport const answer = 42;/);
    expect(JSON.stringify(content)).not.toContain(KEY);
    expect(res.stderr).toContain('attached @src/a.ts (read src/a.ts (2 lines))');
  });

  it('a folder: a listing; a name that is no file stays text; trailing punctuation is left out', async () => {
    const { content } = await firstUserContent(['look at @src, ask @alice about @src/a.ts.'], {
      'src/a.ts': 'a\n',
      'src/sub/b.ts': 'b\n',
    });
    const texts = content.map((part) => String(part.text));
    expect(texts).toContain('The folder src/ (mentioned as @src) holds 2 entries:\n- a.ts\n- sub/');
    expect(texts.some((t) => t.includes('{"path":"src/a.ts"}'))).toBe(true);
    expect(texts.some((t) => t.includes('alice'))).toBe(true);
    expect(content).toHaveLength(4);
  });

  it('a Read deny rule keeps the file out and says so; so does the work root', async () => {
    const { res, content } = await firstUserContent(['use @.env and @/etc/hostname'], { '.env': 'TOKEN=hunter2\n' }, [
      '--disallowed-tools',
      'Read(.env)',
    ]);
    expect(JSON.stringify(content)).not.toContain('hunter2');
    expect(content).toHaveLength(1);
    expect(res.stderr).toContain('@.env not attached: a Read deny rule covers .env');
    expect(res.stderr).toMatch(/@\/etc\/hostname not attached: .*outside/);
  });

  it('an image mentioned or pasted as a path is an image block; a PNG too large is refused with the limit', async () => {
    const { res, content, box } = await firstUserContent(['what is in @shot.png'], { 'shot.png': png(4, 3) });
    expect(content.find((part) => part.type === 'image')).toMatchObject({
      type: 'image',
      source: { type: 'base64', media_type: 'image/png', data: png(4, 3).toString('base64') },
    });
    expect(res.stderr).toContain('attached @shot.png (read PNG image shot.png (4x3, 1 KB))');
    const outside = join(box.root, 'My Shots', 'screen shot.png');
    mkdirSync(join(box.root, 'My Shots'));
    writeFileSync(outside, png(2, 2));
    const pasted = await firstUserContent([`what is this? '${outside}'`], {});
    expect(pasted.content.map((part) => part.type)).toEqual(['text', 'text', 'image']);
    expect(pasted.res.stderr).toContain(`attached PNG image ${outside} (2x2, 1 KB)`);
    const escaped = await firstUserContent([`and this: ${outside.replace(/ /g, '\\ ')}`], {});
    expect(escaped.content.map((part) => part.type)).toEqual(['text', 'text', 'image']);
    const wide = await firstUserContent(['see @wide.png'], { 'wide.png': png(8001, 1) });
    expect(wide.content).toHaveLength(1);
    expect(wide.res.stderr).toContain('8001x1 PNG image; the API takes images up to 8000x8000 pixels');
  });
});
