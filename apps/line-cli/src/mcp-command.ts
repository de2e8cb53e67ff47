import { runMcpCli } from '@coding-harness/session';
import type { CliIo } from './io.js';
import { drained } from './io.js';

/**
 * `harness mcp ...` (Claude Code's `claude mcp`): its own arguments (`-e`, `-H`, `--scope`, a
 * server's command and its flags), so it is dispatched before the session's flag parser.
 */
export async function runMcpCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const result = await runMcpCli(argv, { env: io.env, home: io.home, cwd: io.cwd });
  if (result.stdout) io.stdout.write(result.stdout);
  if (result.stderr) io.stderr.write(result.stderr.replace(/^(?!$)/gm, 'harness: '));
  await drained(io.stdout);
  return result.code;
}
