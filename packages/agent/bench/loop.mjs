#!/usr/bin/env node
// Harness overhead per model round trip: one user turn making 200 scripted tool calls (glob and
// read_file alternately) against the mock server with no delay. A round trip runs from one
// request_start event to the next; its overhead is that time minus the time the mock spent serving
// the request (its recorded startedAt/finishedAt). Reported: the median round trip (and the mean). It includes the SDK, HTTP on 127.0.0.1, the tools and the loop.
// The mock runs in its own process, so peak RSS is the agent's process alone. Build first (`tsc -b`).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPolicy } from '@coding-harness/approval';
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { createToolRegistry } from '@coding-harness/tools';
import { createAgent, createAnthropicClient } from '../dist/index.js';
import { startMockProcess } from './lib/mock-process.mjs';

const CALLS = 200;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const RUNS = Number(process.env.RUNS ?? 5);

async function once() {
  const root = await mkdtemp(join(tmpdir(), 'agent-bench-'));
  await writeFile(join(root, 'a.txt'), 'alpha\n'.repeat(20));
  await writeFile(join(root, 'b.ts'), 'export const b = 1;\n');
  const builder = new ScriptBuilder();
  for (let i = 0; i < CALLS; i++) builder.toolUse(i % 2 ? 'read_file' : 'glob', i % 2 ? { path: 'a.txt' } : { pattern: '*.ts' });
  builder.text('done');
  const server = await startMockProcess(builder.build());
  try {
    const agent = await createAgent({
      client: createAnthropicClient({ apiKey: 'bench', baseURL: server.url }),
      model: 'claude-sonnet-5-5',
      registry: createToolRegistry({ skills: [] }),
      policy: createPolicy({ mode: 'ask' }),
      ask: async () => ({ type: 'once' }),
      workroot: root,
      maxTurns: CALLS + 10,
    });
    const marks = [];
    const toolTimes = [];
    let toolStart = 0;
    const start = performance.now();
    let stop = '';
    for await (const e of agent.send('go')) {
      if (e.type === 'request_start') marks.push(performance.now());
      if (e.type === 'tool_call_started') toolStart = performance.now();
      if (e.type === 'tool_call_finished') toolTimes.push(performance.now() - toolStart);
      if (e.type === 'turn_end') stop = e.stopReason;
    }
    const end = performance.now();
    marks.push(end);
    if (stop !== 'end_turn') throw new Error(`turn ended with ${stop}`);
    const reqs = await server.timings();
    const mock = reqs.map((r) => r.finishedAt - r.startedAt);
    const trips = mock.map((m, i) => marks[i + 1] - marks[i] - m);
    return { perRequest: median(trips), tool: median(toolTimes), mean: trips.reduce((a, b) => a + b, 0) / trips.length, requests: reqs.length, wall: end - start, mock: mock.reduce((a, b) => a + b, 0) };
  } finally {
    await server.close();
    await rm(root, { recursive: true, force: true });
  }
}

await once(); // warm-up
const runs = [];
for (let i = 0; i < RUNS; i++) runs.push(await once());
const overhead = median(runs.map((r) => r.perRequest));
const rssMb = process.resourceUsage().maxRSS / 1024;
const m = runs.find((r) => r.perRequest === overhead);
process.stdout.write(
  `${JSON.stringify({
    rows: [
      { group: 'agent', name: `harness overhead per round trip (${CALLS} tool calls)`, value: overhead, unit: 'ms', target: '< 2 ms', met: overhead < 2, detail: `median round trip of the median run of ${RUNS}; mean ${m.mean.toFixed(2)} ms; ${m.requests} requests, wall ${m.wall.toFixed(0)} ms, mock ${m.mock.toFixed(0)} ms; includes SDK, HTTP and the tools (median tool call ${m.tool.toFixed(2)} ms)` },
      { group: 'agent', name: 'peak RSS of the agent process', value: rssMb, unit: 'MB', target: '< 100 MB', met: rssMb < 100, detail: `${RUNS + 1} sessions of ${CALLS} calls in one process` },
    ],
  })}\n`,
);
