#!/usr/bin/env node
// Cache-read share of a scripted 10-turn session against the mock server's cache accounting
// (the real API's rules: 1,024-token minimum, 20-block lookback, 4 breakpoints). Each turn makes
// one tool call and answers. Share = cache-read tokens / all input tokens (uncached + read +
// write), compared with Claude Code's 0.75 measured on 4 requests. Build first (`tsc -b`).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPolicy } from '@coding-harness/approval';
import { ScriptBuilder, startMockServer } from '@coding-harness/mock-anthropic';
import { createToolRegistry } from '@coding-harness/tools';
import { createProviderRegistry } from '@coding-harness/model';
import { createAnthropicProvider } from '@coding-harness/model/anthropic';
import { createAgent } from '../dist/index.js';

const TURNS = 10;
const root = await mkdtemp(join(tmpdir(), 'agent-cache-bench-'));
const rules = Array.from(
  { length: 60 },
  (_, i) => `- Rule ${i}: keep functions small and name files for their one job.`,
).join('\n');
await writeFile(join(root, 'AGENTS.md'), `# Project rules\n${rules}\n`);
await writeFile(join(root, 'notes.md'), 'Some notes about the project.\n'.repeat(30));
const builder = new ScriptBuilder();
for (let i = 0; i < TURNS; i++)
  builder
    .toolUse(i % 2 ? 'read_file' : 'glob', i % 2 ? { path: 'notes.md' } : { pattern: '*.md' })
    .text(`Answer ${i}: the notes describe the project.`);
const server = await startMockServer({ script: builder.build() });
const usages = [];
try {
  const agent = await createAgent({
    providers: createProviderRegistry([createAnthropicProvider({ apiKey: 'bench', baseURL: server.url })]),
    model: 'claude-sonnet-5-5',
    registry: createToolRegistry({ skills: [] }),
    policy: createPolicy(),
    ask: async () => ({ type: 'once' }),
    workroot: root,
  });
  for (let i = 0; i < TURNS; i++)
    for await (const e of agent.send(`Question ${i}: what do the notes say?`))
      if (e.type === 'usage') usages.push(e.usage);
} finally {
  await server.close();
  await rm(root, { recursive: true, force: true });
}
const total = (u) => u.input + u.cacheRead + u.cacheWrite;
const share = (us) => us.reduce((s, u) => s + u.cacheRead, 0) / us.reduce((s, u) => s + total(u), 0);
const all = share(usages);
const first4 = share(usages.slice(0, 4));
const fullHits = usages.slice(1).every((u, i) => u.cacheRead === total(usages[i]));
process.stdout.write(
  `${JSON.stringify({
    rows: [
      {
        group: 'agent',
        name: `cache-read share, ${TURNS}-turn session (${usages.length} requests)`,
        value: all,
        unit: 'ratio',
        target: '> 0.75 (Claude Code, 4 requests)',
        met: all > 0.75,
        detail: `every request read the whole previous request: ${fullHits}`,
      },
      {
        group: 'agent',
        name: 'cache-read share, first 4 requests',
        value: first4,
        unit: 'ratio',
        target: '> 0.75 (Claude Code, 4 requests)',
        met: first4 > 0.75,
        detail: 'same session, first 4 requests only',
      },
    ],
  })}\n`,
);
