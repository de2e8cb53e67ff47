import { sandboxForInfo, sanitize, UsageError } from '@coding-harness/session';
import type { HarnessFlags } from '@coding-harness/session';
import { describeSandbox } from '@coding-harness/tools';
import type { CliIo } from './io.js';
import { drained } from './io.js';

/**
 * `harness sandbox`: what a session here would let commands write, read and reach, built from the
 * same flags a session takes (`-C`, `--no-sandbox`, `WebFetch(domain:…)` rules) and the settings
 * files' web rules (a repository's only when it is already trusted). Exit 0; 2 for a bad `-C` or
 * domain rule.
 */
export async function runSandboxInfo(flags: HarnessFlags, io: CliIo): Promise<number> {
  const built = await sandboxForInfo(flags, io.env, { home: io.home, cwd: io.cwd });
  if (built instanceof UsageError) {
    io.stderr.write(`harness: ${built.message}\n`);
    return 2;
  }
  const lines = describeSandbox(built.sandbox).map((line) => sanitize(line, { multiline: false }));
  io.stdout.write(`${lines.join('\n')}\n`);
  await built.sandbox.close();
  await drained(io.stdout);
  return 0;
}
