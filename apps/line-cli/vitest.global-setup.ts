// The CLI tests spawn the built bin: re-bundle it from the current sources first (esbuild, ~1 s),
// so a stale dist/bin/harness.cjs is never what gets tested. Dependencies come from their dist/.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export default function setup(): void {
  execFileSync(process.execPath, [fileURLToPath(new URL('./build.mjs', import.meta.url))], { stdio: 'inherit' });
}
