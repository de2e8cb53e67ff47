#!/usr/bin/env node
/** `node apps/evals/dist/cli.js`: see main.ts for the flags. */
import { main } from './main.js';

const code = await main(process.argv.slice(2), process.env, {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
});
process.exitCode = code;
