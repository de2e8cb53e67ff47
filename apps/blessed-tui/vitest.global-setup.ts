// The CLI and tmux tests spawn the bundled bin: re-bundle it from the current sources first
// (esbuild, about a second), so a stale dist/bin/harness-tui.cjs is never what gets tested.
// Dependencies come from their dist/.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export default function setup(): void {
  execFileSync(process.execPath, [fileURLToPath(new URL('./build.mjs', import.meta.url))], { stdio: 'inherit' });
}
