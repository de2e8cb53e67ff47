/**
 * The sandbox through the built `harness -p` against the strict mock: a scripted model's commands
 * run without a question, and cannot read the API key from any process's environment (the
 * harness's own included), write outside the work root, reach a server on this machine, or leave
 * a process behind. `harness sandbox` describes the same sandbox.
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { childEnv, cleanup, makeSandbox, mock, resultText, run, toolResults, writeSkill } from './test-support/cli.js';

afterEach(cleanup);

const KEY = 'sk-ant-api03-CLI-PLANTED-0123456789abcdef';
const reversed = (text: string): string => [...text].reverse().join('');

describe('harness -p with the sandbox (the default where bubblewrap is installed)', () => {
  it("runs a scripted model's commands unasked, and none of them reaches the key, the host's files, the network or outlives the call", async () => {
    const seen: string[] = [];
    const server = http.createServer((req, res) => {
      seen.push(req.url ?? '');
      res.end('reached');
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const port = (server.address() as AddressInfo).port;
    try {
      const box = makeSandbox();
      const model = await mock(
        new ScriptBuilder()
          .toolUse('bash', {
            command:
              '(for f in /proc/[0-9]*/environ; do tr "\\0" "\\n" < "$f"; done; cat /proc/$PPID/environ; env) | rev; ls /proc | grep -cE "^[0-9]+$"',
          })
          .toolUse('bash', { command: `echo x > ${box.root}/escape.txt; echo y > inside.txt; echo wrote` })
          .toolUse('bash', {
            command: `exec 3<>/dev/tcp/127.0.0.1/${port} && printf 'GET /leak HTTP/1.0\\r\\n\\r\\n' >&3 && cat <&3; echo tried`,
          })
          .toolUse('bash', { command: 'sleep 317.5 & setsid sleep 317.6 & nohup sleep 317.7 & echo started' })
          .text('all done')
          .build(),
      );
      const res = await run(['-C', box.work, '-p', 'go'], { env: childEnv(box, model, { ANTHROPIC_API_KEY: KEY }) });
      expect(res.code).toBe(0);
      expect(res.stdout).toBe('all done\n');
      const results = toolResults(model.messageRequests().at(-1)).map(resultText);
      expect(results).toHaveLength(4);
      const [environ = '', writes = '', network = '', processes = ''] = results;
      expect(environ).not.toContain(reversed(KEY));
      expect(environ).not.toContain(reversed('ANTHROPIC'));
      expect(environ).toMatch(new RegExp(reversed('HOME=').replace(/[=]/g, '\\=')));
      expect(writes).toContain('wrote');
      expect(existsSync(join(box.root, 'escape.txt'))).toBe(false);
      expect(readFileSync(join(box.work, 'inside.txt'), 'utf8')).toBe('y\n');
      expect(network).toContain('tried');
      expect(network).not.toContain('reached');
      expect(seen).toEqual([]);
      expect(processes).toContain('started');
      const left = readdirSync('/proc').filter((p) => {
        try {
          return /^\d+$/.test(p) && readFileSync(`/proc/${p}/cmdline`, 'utf8').includes('317.');
        } catch {
          return false;
        }
      });
      expect(left).toEqual([]);
      expect(res.stderr).not.toContain('sandbox unavailable');
    } finally {
      await new Promise<void>((done) => server.close(() => done()));
    }
  });

  it('harness sandbox describes it; with --no-sandbox it says commands run unconfined', async () => {
    const box = makeSandbox();
    const on = await run(['-C', box.work, 'sandbox', '--allowed-tools', 'WebFetch(domain:registry.npmjs.org)'], {
      env: childEnv(box, undefined),
    });
    expect(on.code).toBe(0);
    expect(on.stdout).toMatch(/^sandbox: on \(bubblewrap /);
    expect(on.stdout).toContain(`writable: ${box.work}, and /tmp (private to this session)`);
    expect(on.stdout).toContain("network: only through the sandbox's proxy, to registry.npmjs.org");
    const off = await run(['-C', box.work, 'sandbox', '--no-sandbox'], { env: childEnv(box, undefined) });
    expect(off.stdout).toMatch(/^sandbox: off: .*\ncommands run unconfined as you/);
  });

  it("a repository skill's dynamic context runs only once the repository is trusted, then inside the sandbox", async () => {
    const box = makeSandbox();
    const marker = join(box.work, 'dynamic-ran.txt');
    writeSkill(
      join(box.work, '.claude', 'skills'),
      'ctx',
      'name: ctx\ndescription: Shows the tree state.',
      `State: !\`touch ${marker} && echo made\`\nDone.\n`,
    );
    const script = () => new ScriptBuilder().toolUse('skill', { name: 'ctx' }).text('loaded').build();
    const untrusted = await mock(script());
    const first = await run(['-C', box.work, '-p', 'go'], { env: childEnv(box, untrusted) });
    expect(first.code).toBe(0);
    const refused = resultText(toolResults(untrusted.messageRequests().at(-1))[0]!);
    expect(refused).toMatch(/Cannot load skill "ctx": .*this repository, which you have not trusted/);
    expect(existsSync(marker)).toBe(false);
    const trusted = await mock(script());
    const second = await run(['-C', box.work, '-p', 'go', '--trust'], { env: childEnv(box, trusted) });
    expect(second.code).toBe(0);
    expect(resultText(toolResults(trusted.messageRequests().at(-1))[0]!)).toContain('State: made');
    expect(existsSync(marker)).toBe(true);
  });
});
