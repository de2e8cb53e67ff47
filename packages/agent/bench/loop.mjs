#!/usr/bin/env node
// Harness overhead per model round trip: one user turn making 200 scripted tool calls (glob and
// read_file alternately) against the mock server with no delay. A round trip runs from one
// request_start event to the next; its overhead is that time minus the time the mock spent serving
// the request (its own startedAt/finishedAt stamps, taken in its process). Reported: the median
// round trip (and the mean) and the agent process's CPU time per round trip, which a loaded
// machine inflates far less than wall time. It includes the SDK, HTTP on 127.0.0.1, the tools and the loop.
// The mock runs in its own process (and builds the script there), so neither its CPU nor its
// memory counts. Peak RSS is measured as the issue asks, for ONE 200-call session: a fresh child
// process (`--rss-child`) runs exactly one session and reports its own peak. Build first (`tsc -b`).
import { fork } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPolicy } from '@coding-harness/approval';
import { createToolRegistry } from '@coding-harness/tools';
import { createProviderRegistry } from '@coding-harness/model';
import { createAnthropicProvider, lightHttpFetch } from '@coding-harness/model/anthropic';
import { createAgent } from '../dist/index.js';
import { startMockProcess } from './lib/mock-process.mjs';

const CALLS = 200;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const RUNS = Number(process.env.RUNS ?? 5);
const SMALL_YOUNG = '--max-semi-space-size=2';

async function once() {
  const root = await mkdtemp(join(tmpdir(), 'agent-bench-'));
  await writeFile(join(root, 'a.txt'), 'alpha\n'.repeat(20));
  await writeFile(join(root, 'b.ts'), 'export const b = 1;\n');
  const server = await startMockProcess({ toolCalls: CALLS });
  try {
    const agent = await createAgent({
      // FETCH=light: the bins' transport (lightHttpFetch); default: the SDK's own fetch.
      providers: createProviderRegistry([
        createAnthropicProvider({
          apiKey: 'bench',
          baseURL: server.url,
          ...(process.env.FETCH === 'light' ? { fetch: lightHttpFetch } : {}),
        }),
      ]),
      model: 'claude-sonnet-5-5',
      registry: createToolRegistry({ skills: [] }),
      policy: createPolicy({ mode: 'default' }),
      ask: async () => ({ type: 'once' }),
      workroot: root,
      maxTurns: CALLS + 10,
    });
    const marks = [];
    const toolTimes = [];
    let toolStart = 0;
    const cpu0 = process.cpuUsage();
    const start = performance.now();
    let stop = '';
    for await (const e of agent.send('go')) {
      if (e.type === 'request_start') marks.push(performance.now());
      if (e.type === 'tool_call_started') toolStart = performance.now();
      if (e.type === 'tool_call_finished') toolTimes.push(performance.now() - toolStart);
      if (e.type === 'turn_end') stop = e.stopReason;
    }
    const end = performance.now();
    const cpu = process.cpuUsage(cpu0);
    marks.push(end);
    if (stop !== 'end_turn') throw new Error(`turn ended with ${stop}`);
    const reqs = await server.timings();
    const mock = reqs.map((r) => r.finishedAt - r.startedAt);
    const trips = mock.map((m, i) => marks[i + 1] - marks[i] - m);
    return {
      perRequest: median(trips),
      tool: median(toolTimes),
      mean: trips.reduce((a, b) => a + b, 0) / trips.length,
      cpuPerRequest: (cpu.user + cpu.system) / 1000 / reqs.length,
      requests: reqs.length,
      wall: end - start,
      mock: mock.reduce((a, b) => a + b, 0),
    };
  } finally {
    await server.close();
    await rm(root, { recursive: true, force: true });
  }
}

/** Peak RSS of a fresh process that runs one session (module loading included, as in a `-p` run). */
function oneSessionRss(execArgv = []) {
  const child = fork(fileURLToPath(import.meta.url), ['--rss-child'], {
    execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`rss child exited with ${code}`)));
  });
}

if (process.argv.includes('--rss-child')) {
  await once();
  process.send(process.resourceUsage().maxRSS / 1024, () => process.exit(0));
} else {
  await once(); // warm-up
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await once());
  const overhead = median(runs.map((r) => r.perRequest));
  const m = runs.find((r) => r.perRequest === overhead);
  const cpu = median(runs.map((r) => r.cpuPerRequest));
  const rssRuns = [];
  for (let i = 0; i < 3; i++) rssRuns.push(await oneSessionRss());
  const rssMb = median(rssRuns);
  // Most of the session's growth is V8's young generation growing to two 16 MB semi-spaces; a
  // launcher can cap it. Reported for the CLI's owner, not as the target figure.
  const smallYoung = [];
  for (let i = 0; i < 3; i++) smallYoung.push(await oneSessionRss([SMALL_YOUNG]));
  const smallYoungMb = median(smallYoung);
  process.stdout.write(
    `${JSON.stringify({
      rows: [
        {
          group: 'agent',
          name: `harness overhead per round trip (${CALLS} tool calls)`,
          value: overhead,
          unit: 'ms',
          target: '< 2 ms',
          met: overhead < 2,
          detail: `median round trip of the median run of ${RUNS}; mean ${m.mean.toFixed(2)} ms; ${m.requests} requests, wall ${m.wall.toFixed(0)} ms, mock ${m.mock.toFixed(0)} ms; includes SDK, HTTP and the tools (median tool call ${m.tool.toFixed(2)} ms)`,
        },
        {
          group: 'agent',
          name: `agent process CPU per round trip (${CALLS} tool calls)`,
          value: cpu,
          unit: 'ms',
          detail: `user+system CPU of the agent process over the session / requests, median of ${RUNS} runs; the mock's CPU is in its own process`,
        },
        {
          group: 'agent',
          name: 'peak RSS of one 200-call session',
          value: rssMb,
          unit: 'MB',
          target: '< 100 MB',
          met: rssMb < 100,
          detail: `median of ${rssRuns.length} fresh processes, each running one session (${rssRuns.map((r) => r.toFixed(0)).join(', ')} MB); the mock is in its own process`,
        },
        {
          group: 'agent',
          name: `peak RSS of one 200-call session with ${SMALL_YOUNG}`,
          value: smallYoungMb,
          unit: 'MB',
          detail: `as above, the agent process started with ${SMALL_YOUNG} (a launcher setting, not the library's); ${smallYoung.map((r) => r.toFixed(0)).join(', ')} MB`,
        },
      ],
    })}\n`,
  );
}
