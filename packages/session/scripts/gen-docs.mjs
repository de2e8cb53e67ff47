// `pnpm --filter @coding-harness/session gen-docs`: rewrites the generated tables of the apps'
// READMEs from the session package's tables (through dist: build first): the flags table of the
// `harness` README (between the flags:begin / flags:end markers) from src/flags.ts, and the
// slash-command table of both READMEs (commands:begin / commands:end) from src/commands.ts, and the
// Claude Code compatibility table of the `harness` README (claude-compat:begin / :end) from src/settings/compat.ts.
// apps/line-cli/src/readme-flags.test.ts and each app's readme-commands.test.ts fail when a
// README and its table differ.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { slashMarkdownTable } from '../dist/commands.js';
import { flagsMarkdownTable } from '../dist/flags.js';
import { claudeCompatMarkdownTable } from '../dist/settings/compat.js';

const readmes = {
  'line-cli': fileURLToPath(new URL('../../../apps/line-cli/README.md', import.meta.url)),
  'blessed-tui': fileURLToPath(new URL('../../../apps/blessed-tui/README.md', import.meta.url)),
};
const blocks = [
  { file: readmes['line-cli'], name: 'flags', table: flagsMarkdownTable() },
  { file: readmes['line-cli'], name: 'commands', table: slashMarkdownTable() },
  { file: readmes['line-cli'], name: 'claude-compat', table: claudeCompatMarkdownTable() },
  { file: readmes['blessed-tui'], name: 'commands', table: slashMarkdownTable() },
];
for (const { file, name, table } of blocks) {
  const text = readFileSync(file, 'utf8');
  // The block between the markers (none yet in a new README) is replaced by the table.
  const block = new RegExp(`(<!-- ${name}:begin[^\\n]*-->\\n)(?:[\\s\\S]*?\\n)?(<!-- ${name}:end -->)`);
  if (!block.test(text)) throw new Error(`${file}: no ${name}:begin / ${name}:end markers`);
  writeFileSync(
    file,
    text.replace(block, (_, begin, end) => `${begin}${table}\n${end}`),
  );
  process.stdout.write(`wrote the ${name} table of ${file}\n`);
}
