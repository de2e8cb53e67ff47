#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { runTui } from '../app.js';
import { demoBackend } from '../demo-script.js';

const HELP = `harness-tui: the full-screen coding agent front end

Usage: harness-tui --demo-fake

  --demo-fake   run against a scripted fake backend (no model, no tools)
  -h, --help    this text

The real session wiring (the same flags as \`harness\`) is not connected yet.
`;

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({ options: { 'demo-fake': { type: 'boolean' }, help: { type: 'boolean', short: 'h' } }, strict: true }));
  } catch (err) {
    process.stderr.write(`harness-tui: ${err instanceof Error ? err.message : String(err)}\n`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  if (!values['demo-fake']) {
    process.stderr.write('harness-tui: the real session wiring is not connected yet; try --demo-fake\n');
    return 2;
  }
  if (!process.stdin.isTTY || !process.stdout.isTTY) {
    process.stderr.write('harness-tui: needs a terminal (stdin and stdout must be a TTY)\n');
    return 2;
  }
  return runTui(demoBackend());
}

process.exitCode = await main();
