// `pnpm --filter @coding-harness/session gen-docs`: rewrites the generated flags table of the
// `harness` README (between the flags:begin / flags:end markers) from the flags table in
// src/flags.ts (through dist: build first). apps/line-cli/src/readme-flags.test.ts fails when
// the README and the table differ.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { flagsMarkdownTable } from '../dist/flags.js';

const readme = fileURLToPath(new URL('../../../apps/line-cli/README.md', import.meta.url));
const text = readFileSync(readme, 'utf8');
const block = /(<!-- flags:begin[^\n]*-->\n)[\s\S]*?(\n<!-- flags:end -->)/;
if (!block.test(text)) throw new Error(`${readme}: no flags:begin / flags:end markers`);
writeFileSync(
  readme,
  text.replace(block, (_, begin, end) => `${begin}${flagsMarkdownTable()}${end}`),
);
process.stdout.write(`wrote the flags table of ${readme}\n`);
