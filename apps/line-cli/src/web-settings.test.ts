/**
 * Web rules written in settings files switch the API's web tools on exactly as the flags do
 * (the same domain splitting), through the built `harness` against the strict mock: a trusted
 * repository's `permissions.allow` grants them, an untrusted one's grants nothing, the user's
 * own file grants in any repository, and `/allowed` lists each rule with its file.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { body, childEnv, cleanup, makeSandbox, mock, run, start } from './test-support/cli.js';

afterEach(cleanup);

type Tool = { name: string; type?: string; allowed_domains?: string[]; blocked_domains?: string[] };
const webTools = (request: unknown): Tool[] =>
  ((request as { tools: Tool[] }).tools ?? []).filter((t) => t.type !== undefined);

function writeSettings(dir: string, permissions: Record<string, string[]>): string {
  mkdirSync(join(dir, '.claude'), { recursive: true });
  const file = join(dir, '.claude', 'settings.json');
  writeFileSync(file, JSON.stringify({ permissions }));
  return file;
}

describe('web rules from settings files (harness -p)', () => {
  it("a trusted repository's rules turn the tools on with the same domain limits as the flags", async () => {
    const box = makeSandbox();
    writeSettings(box.work, {
      allow: ['WebFetch(domain:*.example.com)', 'WebSearch'],
      deny: ['WebFetch(domain:evil.test)'],
    });
    const server = await mock(new ScriptBuilder().text('from settings').text('from flags').build());
    const env = childEnv(box, server);
    const res = await run(['-C', box.work, '--trust', '--no-sandbox', '-p', 'news?'], { env });
    expect(res.code).toBe(0);
    expect(res.stderr).not.toContain('has no WebFetch tool');
    const flags = await run(
      [
        '-C',
        box.work,
        '--untrusted',
        '--no-sandbox',
        '--allowed-tools',
        'WebFetch(domain:*.example.com) WebSearch',
        '--disallowed-tools',
        'WebFetch(domain:evil.test)',
        '-p',
        'news?',
      ],
      { env },
    );
    expect(flags.code).toBe(0);
    const fromSettings = webTools(body(server.messageRequests()[0]));
    expect(fromSettings.map((t) => [t.type, t.allowed_domains, t.blocked_domains])).toEqual([
      ['web_search_20250305', undefined, ['evil.test']],
      ['web_fetch_20250910', ['example.com'], undefined],
    ]);
    expect(webTools(body(server.messageRequests()[1]))).toEqual(fromSettings);
    expect(server.messageRequests()[0]!.headers['anthropic-beta']).toContain('web-fetch-2025-09-10');
  });

  it("an untrusted repository's rules grant nothing; the user's own file does", async () => {
    const box = makeSandbox();
    writeSettings(box.work, { allow: ['WebSearch', 'WebFetch'] });
    const server = await mock(new ScriptBuilder().text('nothing').text('fetch only').build());
    const env = childEnv(box, server);
    const untrusted = await run(['-C', box.work, '--no-sandbox', '-p', 'news?'], { env });
    expect(untrusted.code).toBe(0);
    expect(untrusted.stderr).toContain('not applied: this repository is not trusted');
    expect(webTools(body(server.messageRequests()[0]))).toEqual([]);

    writeSettings(box.home, { allow: ['WebFetch'] });
    const user = await run(['-C', box.work, '--no-sandbox', '-p', 'news?'], { env });
    expect(user.code).toBe(0);
    expect(webTools(body(server.messageRequests()[1])).map((t) => t.type)).toEqual(['web_fetch_20250910']);
  });

  it('a settings rule naming no host is left out with a notice naming the file; the run goes on', async () => {
    const box = makeSandbox();
    const file = writeSettings(box.home, { allow: ['WebFetch(domain:exa_mple/..)', 'WebSearch'] });
    const server = await mock(new ScriptBuilder().text('ok').build());
    const res = await run(['-C', box.work, '--no-sandbox', '-p', 'news?'], { env: childEnv(box, server) });
    expect(res.code).toBe(0);
    expect(res.stderr).toContain(
      `${file}: permissions.allow: WebFetch(domain:exa_mple/..) was left out: exa_mple/.. is not a host name`,
    );
    expect(webTools(body(server.messageRequests()[0])).map((t) => t.type)).toEqual(['web_search_20250305']);
  });
});

describe('/allowed lists the web rules (REPL)', () => {
  it("shows the flags' and the files' web rules with their origin", async () => {
    const box = makeSandbox();
    const file = writeSettings(box.home, { allow: ['WebFetch(domain:docs.example.com)'], deny: ['WebSearch'] });
    const cli = start(['-C', box.work, '--no-sandbox', '--allowed-tools', 'WebSearch'], {
      env: childEnv(box, undefined, { ANTHROPIC_BASE_URL: 'http://127.0.0.1:9' }),
    });
    await cli.waitFor('› ');
    cli.write('/allowed\n');
    await cli.waitFor(`deny  WebSearch  (${file})`);
    expect(cli.stdout()).toContain('allow WebSearch  (session, --allowed-tools)');
    expect(cli.stdout()).toContain(`allow WebFetch(domain:docs.example.com)  (session, ${file})`);
    cli.write('/exit\n');
    expect((await cli.exited).code).toBe(0);
  });

  it("a settings file's WebFetch(domain:...) is a network domain of the session's sandbox, as the flag is", async () => {
    const box = makeSandbox();
    writeSettings(box.home, { allow: ['WebFetch(domain:registry.npmjs.org)'] });
    const cli = start(['-C', box.work], {
      env: childEnv(box, undefined, { ANTHROPIC_BASE_URL: 'http://127.0.0.1:9' }),
    });
    await cli.waitFor('› ');
    cli.write('/sandbox\n');
    await cli.waitFor("network: only through the sandbox's proxy, to registry.npmjs.org");
    cli.write('/exit\n');
    expect((await cli.exited).code).toBe(0);
    // `harness sandbox` says the same; an untrusted repository's domain rule is not counted.
    writeSettings(box.work, { allow: ['WebFetch(domain:evil.example)'] });
    const info = await run(['-C', box.work, 'sandbox'], { env: childEnv(box, undefined) });
    expect(info.code).toBe(0);
    expect(info.stdout).toContain("network: only through the sandbox's proxy, to registry.npmjs.org");
    expect(info.stdout).not.toContain('evil.example');
  });
});
