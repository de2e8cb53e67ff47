/**
 * The bin's one start-up trick that a user feels on every run: without a proxy variable it talks
 * HTTP through the light node:http fetch, so undici (Node's fetch: about 20 ms and 30 MB) never
 * loads. Checked on a real `harness -p` run against the mock by reading the child's own list of
 * loaded internal modules, so the test fails if the wiring or a dependency brings fetch back.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { childEnv, cleanup, makeSandbox, mock, run } from '../test-support/cli.js';

afterEach(cleanup);

function preload(): { script: string; out: string } {
  const dir = mkdtempSync(join(tmpdir(), 'harness-preload-'));
  const out = join(dir, 'modules.json');
  const script = join(dir, 'record.cjs');
  writeFileSync(
    script,
    `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(out)}, JSON.stringify(process.moduleLoadList)));\n`,
  );
  return { script, out };
}

describe('the bin and undici', () => {
  it('a -p run without a proxy variable never loads undici; with HTTPS_PROXY it uses the SDK fetch (which does)', async () => {
    const server = await mock(new ScriptBuilder().text('one').text('two').build());
    const box = makeSandbox();
    const light = preload();
    const res = await run(['-C', box.work, '-p', 'hi'], {
      env: childEnv(box, server, { NODE_OPTIONS: `--require ${light.script}` }),
    });
    expect(res.stdout).toBe('one\n');
    const modules = JSON.parse(readFileSync(light.out, 'utf8')) as string[];
    expect(modules).toContain('NativeModule _http_client');
    expect(modules.filter((m) => m.includes('undici'))).toEqual([]);

    const proxied = preload();
    // A proxy that is not there; NO_PROXY keeps the loopback mock direct for the SDK's fetch too.
    const env = childEnv(box, server, {
      NODE_OPTIONS: `--require ${proxied.script}`,
      HTTPS_PROXY: 'http://127.0.0.1:9',
      HTTP_PROXY: 'http://127.0.0.1:9',
      NO_PROXY: '127.0.0.1',
    });
    expect((await run(['-C', box.work, '-p', 'hi'], { env })).stdout).toBe('two\n');
    expect((JSON.parse(readFileSync(proxied.out, 'utf8')) as string[]).some((m) => m.includes('undici'))).toBe(true);
  });
});
