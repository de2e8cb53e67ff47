/**
 * The web tools through the built `harness` against the strict mock: no web tool in the request
 * without a rule; with `WebSearch` allowed, a scripted search and its cited answer, the sources
 * shown with `--verbose` and the answer on stdout.
 */
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { body, childEnv, cleanup, makeSandbox, mock, run } from './test-support/cli.js';

afterEach(cleanup);

const webTools = (request: unknown): string[] =>
  ((request as { tools: { name: string; type?: string }[] }).tools ?? []).flatMap((t) =>
    t.type !== undefined ? [t.type] : [],
  );

describe('web tools (harness -p)', () => {
  it('are sent only when allowed; a search and the sources its answer cites are shown', async () => {
    const box = makeSandbox();
    const server = await mock(
      new ScriptBuilder()
        .text('no web here')
        .turn({
          content: [
            {
              type: 'web_search',
              query: 'harness release',
              results: [{ url: 'https://example.com/release', title: 'The release notes' }],
            },
            {
              type: 'text',
              text: 'Version 2 is out.',
              citations: [{ url: 'https://example.com/release', title: 'The release notes', citedText: 'v2' }],
            },
          ],
        })
        .build(),
    );
    const env = childEnv(box, server);
    const plain = await run(['-C', box.work, '-p', 'anything new?'], { env });
    expect(plain.code).toBe(0);
    expect(webTools(body(server.messageRequests()[0]))).toEqual([]);

    const web = await run(['-C', box.work, '--verbose', '--allowed-tools', 'WebSearch', '-p', 'anything new?'], {
      env,
    });
    expect(web.code).toBe(0);
    expect(webTools(body(server.messageRequests()[1]))).toEqual(['web_search_20250305']);
    expect(web.stdout).toContain('Version 2 is out.');
    expect(web.stderr).toContain('web search "harness release": 1 result');
    expect(web.stderr).toContain('[1] The release notes  https://example.com/release');
  });
});
