// Discovery benchmark: generates N skills (each with a references/ file) in a temp dir and
// times `discover` over them, median of several runs. Prints one JSON line on stdout.
// Run after building: `npx tsc -b packages/skills && node packages/skills/bench/discovery.mjs`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { discover, listResources } from '../dist/index.js';

const SIZES = [10, 100, 1_000, 10_000];
const TARGETS = { 1_000: 50, 10_000: 500 };
const RUNS = Number(process.env.BENCH_RUNS ?? 15);

function generate(base, count) {
  const root = path.join(base, '.agents', 'skills');
  fs.mkdirSync(root, { recursive: true });
  for (let i = 0; i < count; i++) {
    const name = `skill-${String(i).padStart(5, '0')}`;
    const dir = path.join(root, name);
    fs.mkdirSync(path.join(dir, 'references'), { recursive: true });
    fs.writeFileSync(
      path.join(dir, 'SKILL.md'),
      `---\nname: ${name}\ndescription: "Use when working on area ${i}: builds, tests and deploys it."\nallowed-tools: Read Grep Bash(git status:*)\n---\n\n# ${name}\n\nSee references/guide.md.\n`,
    );
    fs.writeFileSync(path.join(dir, 'references', 'guide.md'), `# Guide ${i}\n`);
  }
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

const rows = [];
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'skills-bench-'));
try {
  for (const count of SIZES) {
    const home = path.join(tmp, `home-${count}`);
    const work = path.join(tmp, `work-${count}`);
    fs.mkdirSync(work, { recursive: true });
    generate(home, count);
    const times = [];
    const cpu = [];
    let loaded = 0;
    await discover({ home, workroot: work, trustProject: false }); // warm-up (JIT, dentry cache)
    for (let r = 0; r < RUNS; r++) {
      // A CLI discovers once, on a fresh heap: collect the previous run's garbage first (when
      // node runs with --expose-gc, as `pnpm bench` does) so it is not billed to this one.
      globalThis.gc?.();
      const start = performance.now();
      const cpuStart = process.cpuUsage();
      const result = await discover({ home, workroot: work, trustProject: false });
      times.push(performance.now() - start);
      const used = process.cpuUsage(cpuStart);
      cpu.push((used.user + used.system) / 1000);
      loaded = result.skills.length;
      if (loaded !== count || result.problems.length > 0)
        throw new Error(`expected ${count} skills, got ${loaded} and ${result.problems.length} problems`);
    }
    // Discovery does not list bundled files (listResources does, for the skill tool and
    // skills --json): time that walk too, for every skill, so the figure above is never
    // mistaken for the whole cost.
    const walk = [];
    for (let r = 0; r < RUNS; r++) {
      const result = await discover({ home, workroot: work, trustProject: false });
      const start = performance.now();
      let files = 0;
      for (const skill of result.skills) files += listResources(skill).resources.length;
      walk.push(performance.now() - start);
      if (files !== count) throw new Error(`expected ${count} resources, got ${files}`);
    }
    const value = Math.round(median(times) * 100) / 100;
    const limit = TARGETS[count];
    rows.push({
      group: 'skills discovery',
      name: `discover ${count.toLocaleString('en-US')} skills`,
      value,
      unit: 'ms',
      target: limit === undefined ? 'linear' : `<= ${limit} ms`,
      met: limit === undefined ? true : value <= limit,
      detail: `median of ${RUNS} runs; ${((value / count) * 1000).toFixed(1)} µs per skill; CPU time median ${median(cpu).toFixed(1)} ms (${((median(cpu) / count) * 1000).toFixed(1)} µs per skill), min wall ${Math.min(...times).toFixed(1)} ms; load average ${os.loadavg()[0].toFixed(1)}; ${os.cpus().length} cores, Node ${process.versions.node}; bundled files are listed by listResources(skill) (the skill tool, skills --json), not by discovery: listing them for every skill adds ${median(walk).toFixed(1)} ms`,
    });
  }
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
process.stdout.write(`${JSON.stringify({ rows })}\n`);
