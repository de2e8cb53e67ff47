/** `/reload-skills` in the REPL through the built bin against the mock: the prefix keeps its bytes, the new skill loads. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import {
  body,
  childEnv,
  cleanup,
  makeSandbox,
  mock,
  requestsArrived,
  resultText,
  start,
  toolResults,
} from './test-support/cli.js';

afterEach(cleanup);

function skill(root: string, name: string, description: string, text: string): void {
  mkdirSync(join(root, name), { recursive: true });
  writeFileSync(join(root, name, 'SKILL.md'), `---\nname: ${name}\ndescription: ${description}\n---\n${text}\n`);
}

describe('/reload-skills in the REPL', () => {
  it('finds a skill added mid-session; /name loads it; system and tools stay byte-identical', async () => {
    const box = makeSandbox();
    const root = join(box.home, '.agents', 'skills');
    skill(root, 'alpha', 'Use for alpha work.', 'Alpha steps.');
    const server = await mock(new ScriptBuilder().text('first answer').text('second answer').build());
    const cli = start(['-C', box.work], { env: childEnv(box, server) });
    await cli.waitFor('› ');
    cli.write('hello\n');
    await cli.waitFor('first answer');
    skill(root, 'beta', 'Use for beta work.', 'Beta steps for $ARGUMENTS.');
    cli.write('/reload-skills\n');
    await cli.waitFor('added: /beta');
    await cli.waitFor('the model is told with your next message');
    cli.write('/beta the release\n');
    await requestsArrived(server, 2);
    await cli.waitFor('second answer');
    cli.write('/exit\n');
    expect((await cli.exited).code).toBe(0);
    const [first, second] = server.messageRequests();
    expect(JSON.stringify(body(second).system)).toBe(JSON.stringify(body(first).system));
    expect(JSON.stringify(body(second).tools)).toBe(JSON.stringify(body(first).tools));
    const note = body(second).messages.find((m) => m.role === 'system');
    expect(JSON.stringify(note?.content)).toContain('- beta: Use for beta work.');
    const loaded = toolResults(second).at(-1)!;
    expect(loaded.is_error ?? false).toBe(false);
    expect(resultText(loaded)).toContain('Beta steps for the release.');
  });
});
