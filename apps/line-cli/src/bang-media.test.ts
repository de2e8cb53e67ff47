import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { body, childEnv, cleanup, makeSandbox, mock, run, start, toolResults } from './test-support/cli.js';
import { pdf, png } from './test-support/media.js';

afterEach(cleanup);

const PROMPT = '› ';

describe('!command: the user runs a command, no model request, its output in the next one (built CLI)', () => {
  it('shows the output, sends nothing, and puts command and output before the next message', async () => {
    const box = makeSandbox();
    const server = await mock(new ScriptBuilder().text('I saw it.').build());
    const cli = start(['-C', box.work, '--no-sandbox'], { env: childEnv(box, server) });
    await cli.waitFor(PROMPT);
    cli.write('!echo bang-out-$((40+2)) && touch made-by-bang\n');
    await cli.waitFor('bang-out-42');
    await cli.waitFor(PROMPT, { from: cli.stdout().indexOf('bang-out-42') });
    expect(server.messageRequests()).toHaveLength(0);
    expect(existsSync(join(box.work, 'made-by-bang'))).toBe(true);
    cli.write('what did it print?\n');
    await cli.waitFor('I saw it.');
    cli.write('/exit\n');
    expect((await cli.exited).code).toBe(0);
    expect(server.messageRequests()).toHaveLength(1);
    const content = body(server.messageRequests()[0]).messages.at(-1)?.content as Array<{
      type: string;
      text?: string;
    }>;
    expect(content.map((part) => part.text)).toEqual([
      '<bash-input>echo bang-out-$((40+2)) &amp;&amp; touch made-by-bang</bash-input>',
      '<bash-stdout>bang-out-42</bash-stdout><bash-stderr></bash-stderr>',
      'what did it print?',
    ]);
  });

  it('a deny rule still refuses it; nothing runs and nothing reaches the model', async () => {
    const box = makeSandbox();
    const server = await mock(new ScriptBuilder().text('fine').build());
    const cli = start(['-C', box.work, '--no-sandbox', '--disallowed-tools', 'Bash(touch:*)'], {
      env: childEnv(box, server),
    });
    await cli.waitFor(PROMPT);
    cli.write('!touch denied-file\n');
    await cli.waitFor(/denied/);
    cli.write('hello\n');
    await cli.waitFor('fine');
    cli.write('/exit\n');
    await cli.exited;
    expect(existsSync(join(box.work, 'denied-file'))).toBe(false);
    expect(JSON.stringify(body(server.messageRequests()[0]).messages)).not.toContain('bash-input');
  });
});

describe('read_file returns a PNG and a PDF as image and document blocks (built CLI, strict mock)', () => {
  it('the tool results carry the image and the document the API takes', async () => {
    const box = makeSandbox();
    writeFileSync(join(box.work, 'shot.png'), png(5, 4));
    writeFileSync(join(box.work, 'spec.pdf'), pdf());
    const server = await mock(
      new ScriptBuilder()
        .toolUse('read_file', { path: 'shot.png' })
        .toolUse('read_file', { path: 'spec.pdf' })
        .text('a red picture and a one-page PDF')
        .build(),
    );
    const res = await run(['-C', box.work, '-p', 'look at both'], { env: childEnv(box, server) });
    expect(res.code).toBe(0);
    expect(res.stdout).toBe('a red picture and a one-page PDF\n');
    const image = toolResults(server.messageRequests()[1])[0]!;
    expect(image.content).toEqual([
      { type: 'text', text: 'PNG image shot.png (5x4, 1 KB)' },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: png(5, 4).toString('base64') } },
    ]);
    const doc = toolResults(server.messageRequests()[2])[1]!;
    expect(doc.content).toMatchObject([
      { type: 'text', text: 'PDF spec.pdf (1 pages, 1 KB)' },
      {
        type: 'document',
        source: { type: 'base64', media_type: 'application/pdf', data: pdf().toString('base64') },
        title: 'spec.pdf',
      },
    ]);
  });
});
