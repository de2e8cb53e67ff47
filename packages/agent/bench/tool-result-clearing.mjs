#!/usr/bin/env node
// Input cost of a tool-heavy session with and without tool-result clearing by the API (context
// editing), against the mock's cache model on a simulated clock (10 s between requests). The
// session: 15 turns, each reading two files of about 3,000 tokens and answering; the context
// window is taken as 100,000 tokens so compaction (at 80%) comes within the session. Clearing:
// past half the window, all but the newest 4 results (the default; 1 as a variant), when that
// frees a tenth of the window.
// Prices: claude-sonnet-5-5 from the catalogue. Build first (`tsc -b`).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPolicy } from '@coding-harness/approval';
import { ScriptBuilder, startMockServer } from '@coding-harness/mock-anthropic';
import { createToolRegistry } from '@coding-harness/tools';
import { createProviderRegistry } from '@coding-harness/model';
import { createAnthropicProvider, describeModel } from '@coding-harness/model/anthropic';
import { createAgent } from '../dist/index.js';

const TURNS = 15;
const MODEL = 'claude-sonnet-5-5';
const WINDOW = 100_000;
const price = describeModel(MODEL).price;

async function session(clearToolResults) {
  const root = await mkdtemp(join(tmpdir(), 'agent-clearing-bench-'));
  const builder = new ScriptBuilder();
  for (let i = 0; i < TURNS; i++) {
    for (const part of ['a', 'b']) {
      await writeFile(
        join(root, `${part}${i}.txt`),
        `${part}${i} ${'source line of some length '.repeat(4)}\n`.repeat(110),
      );
      builder.toolUse('read_file', { path: `${part}${i}.txt` });
    }
    builder.text(`Answer ${i}: both files read.`);
  }
  let now = 0;
  const server = await startMockServer({ script: builder.build(), now: () => now });
  const usages = [];
  let compactions = 0;
  try {
    const agent = await createAgent({
      providers: createProviderRegistry([createAnthropicProvider({ apiKey: 'bench', baseURL: server.url })]),
      model: MODEL,
      registry: createToolRegistry({}),
      policy: createPolicy({ mode: 'bypassPermissions' }),
      workroot: root,
      contextWindow: WINDOW,
      clearToolResults,
      clock: () => new Date('2026-12-01T09:00:00Z'),
    });
    for (let i = 0; i < TURNS; i++) {
      for await (const e of agent.send(`Question ${i}: read a${i}.txt and b${i}.txt.`)) {
        if (e.type === 'usage') {
          usages.push(e.usage);
          now += 10_000;
        }
        if (e.type === 'compaction') compactions++;
      }
    }
    await agent.close();
    if (server.messageRequests().some((r) => r.rejected)) throw new Error('a request was rejected');
  } finally {
    await server.close();
    await rm(root, { recursive: true, force: true });
  }
  const sum = (f) => usages.reduce((s, u) => s + f(u), 0);
  const write1h = sum((u) => u.cacheWrite1h ?? 0);
  const write5m = sum((u) => u.cacheWrite) - write1h;
  const usd =
    (write5m * price.cacheWrite5m +
      write1h * price.cacheWrite1h +
      sum((u) => u.cacheRead) * price.cacheRead +
      sum((u) => u.input) * price.input +
      sum((u) => u.output) * price.output) /
    1e6;
  return {
    requests: usages.length,
    compactions,
    usd,
    write: write5m + write1h,
    read: sum((u) => u.cacheRead),
    input: sum((u) => u.input),
    peak: Math.max(...usages.map((u) => u.input + u.cacheRead + u.cacheWrite)),
  };
}

const off = await session(false);
const on = await session(true);
const keepOne = await session({ keepToolUses: 1 });
const row = (name, r) => ({
  group: 'agent tool-result clearing',
  name: `input+output cost, ${TURNS}-turn tool-heavy session, ${name}`,
  value: r.usd * 100,
  unit: 'cents',
  detail: `${r.requests} requests, ${r.compactions} compaction(s); writes ${r.write.toLocaleString('en-US')} tok, reads ${r.read.toLocaleString('en-US')} tok, uncached ${r.input.toLocaleString('en-US')} tok; largest prompt ${r.peak.toLocaleString('en-US')} tok`,
});
process.stdout.write(
  `${JSON.stringify({
    rows: [
      row('no clearing (compaction at 80%)', off),
      row('clearing past 50% (keep 4, at least 10%)', on),
      row('clearing past 50% (keep 1, at least 10%)', keepOne),
      {
        group: 'agent tool-result clearing',
        name: 'cost of clearing (keep 4) relative to none',
        value: Math.round((on.usd / off.usd) * 1000) / 10,
        unit: '%',
        detail: `keep 1: ${Math.round((keepOne.usd / off.usd) * 1000) / 10}%; below 100 the reads saved outweigh the cache re-writes each clearing causes`,
      },
    ],
  })}\n`,
);
