// The CLI and tmux tests spawn the built bin. The `build` task makes it before `test` runs
// (turbo's graph); this only checks that it was built from the sources as they are now (by
// content: see tooling/bin-build/src/stamp.mjs) and fails with the command to run otherwise.
// Rebuilding here, as it once did, rewrote dist/ while other suites were reading it.
import { fileURLToPath } from 'node:url';
// @ts-expect-error: a build script in plain JavaScript, without types
import { staleBuild } from '../../tooling/bin-build/src/stamp.mjs';

const here = (rel: string): string => fileURLToPath(new URL(rel, import.meta.url));

export default function setup(): void {
  const stale = (staleBuild as (bundle: string, outputs: string[]) => string | undefined)(
    here('dist/bin/harness-tui-bundle.cjs'),
    [here('dist/bin/harness-tui.cjs')],
  );
  if (stale !== undefined) throw new Error(stale);
}
