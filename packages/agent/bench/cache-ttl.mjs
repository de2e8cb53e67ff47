#!/usr/bin/env node
// Cache-write cost of a 20-turn REPL-like session with and without the 1-hour TTL on the system
// prompt and tools, against the mock's cache model (the real API's rules: 5-minute entries
// refreshed on each read, 1-hour entries, 1h marks before 5m ones) on a simulated clock: 30 s
// between turns, and a 10-minute pause after turn 10 (a person reading, thinking, away). Each
// turn reads a file and answers. Prices: claude-sonnet-5-5 from the catalogue ($2/MTok input,
// $2.50 5-minute write, $4 1-hour write, $0.10 read). Build first (`tsc -b`).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPolicy } from '@coding-harness/approval';
import { ScriptBuilder, startMockServer } from '@coding-harness/mock-anthropic';
import { createToolRegistry } from '@coding-harness/tools';
import { createProviderRegistry } from '@coding-harness/model';
import { createAnthropicProvider, describeModel } from '@coding-harness/model/anthropic';
import { createAgent } from '../dist/index.js';

const TURNS = 20;
const MODEL = 'claude-sonnet-5-5';
const price = describeModel(MODEL).price;

async function session({ ttl, pauseMs }) {
  const root = await mkdtemp(join(tmpdir(), 'agent-ttl-bench-'));
  // A project's standing instructions: with the harness prompt and tools, about 12K tokens of prefix.
  const rules = Array.from(
    { length: 400 },
    (_, i) => `- Rule ${i}: keep functions small and name files for their one job.`,
  );
  await writeFile(join(root, 'AGENTS.md'), `# Project rules\n${rules.join('\n')}\n`);
  await writeFile(join(root, 'notes.md'), 'Some notes about the project, one line of many.\n'.repeat(60));
  const builder = new ScriptBuilder();
  for (let i = 0; i < TURNS; i++)
    builder.toolUse('read_file', { path: 'notes.md' }).text(`Answer ${i}: the notes describe the project in detail.`);
  let now = 0;
  const server = await startMockServer({ script: builder.build(), now: () => now });
  const usages = [];
  try {
    const agent = await createAgent({
      providers: createProviderRegistry([createAnthropicProvider({ apiKey: 'bench', baseURL: server.url })]),
      model: MODEL,
      registry: createToolRegistry({ skills: [] }),
      policy: createPolicy({ mode: 'bypassPermissions' }),
      workroot: root,
      clock: () => new Date('2026-12-01T09:00:00Z'),
      ...(ttl === '1h' ? { cacheTtl: '1h' } : {}),
    });
    for (let i = 0; i < TURNS; i++) {
      for await (const e of agent.send(`Question ${i}: what do the notes say?`))
        if (e.type === 'usage') usages.push(e.usage);
      now += i === TURNS / 2 - 1 ? pauseMs : 30_000;
    }
    await agent.close();
  } finally {
    await server.close();
    await rm(root, { recursive: true, force: true });
  }
  const sum = (f) => usages.reduce((s, u) => s + f(u), 0);
  const write1h = sum((u) => u.cacheWrite1h ?? 0);
  const write5m = sum((u) => u.cacheWrite) - write1h;
  const writeUsd = (write5m * price.cacheWrite5m + write1h * price.cacheWrite1h) / 1e6;
  const inputUsd = writeUsd + (sum((u) => u.cacheRead) * price.cacheRead + sum((u) => u.input) * price.input) / 1e6;
  return { requests: usages.length, write5m, write1h, writeUsd, inputUsd, read: sum((u) => u.cacheRead) };
}

const PAUSE = 10 * 60_000;
const runs = {
  '5m, pause': await session({ ttl: '5m', pauseMs: PAUSE }),
  '1h, pause': await session({ ttl: '1h', pauseMs: PAUSE }),
  '5m, no pause': await session({ ttl: '5m', pauseMs: 30_000 }),
  '1h, no pause': await session({ ttl: '1h', pauseMs: 30_000 }),
};
const usd = (v) => `${(v * 100).toFixed(2)}¢`;
const row = (name, r, target, met) => ({
  group: 'agent cache TTL',
  name: `cache-write cost, ${TURNS}-turn session, ${name}`,
  value: r.writeUsd * 100,
  unit: 'cents',
  ...(target ? { target, met } : {}),
  detail: `${r.requests} requests; writes ${r.write5m.toLocaleString('en-US')} tok at 5m + ${r.write1h.toLocaleString('en-US')} tok at 1h; all input ${usd(r.inputUsd)} (reads ${r.read.toLocaleString('en-US')} tok)`,
});
const saved = runs['5m, pause'].writeUsd - runs['1h, pause'].writeUsd;
const premium = runs['1h, no pause'].writeUsd - runs['5m, no pause'].writeUsd;
process.stdout.write(
  `${JSON.stringify({
    rows: [
      row('10-min pause after turn 10, system+tools at 5m (before)', runs['5m, pause']),
      row(
        '10-min pause after turn 10, system+tools at 1h (interactive)',
        runs['1h, pause'],
        '< the 5m figure',
        saved > 0,
      ),
      row('no pause, system+tools at 5m', runs['5m, no pause']),
      row('no pause, system+tools at 1h', runs['1h, no pause']),
      {
        group: 'agent cache TTL',
        name: 'one 10-min pause: cache-write saving of the 1h TTL',
        value: saved * 100,
        unit: 'cents',
        detail: `net of the 1h write premium, which costs ${usd(premium)} a session when nobody pauses; each further pause over 5 minutes saves about ${usd(saved + premium)} more`,
      },
    ],
  })}\n`,
);
