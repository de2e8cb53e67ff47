import type { CliIo } from './io.js';
import { drained } from './io.js';
import { VERSION } from './version.js';
import { parseHarnessArgs, helpText } from '@coding-harness/session/args';

/**
 * `harness` as a function: parses argv, runs the subcommand, the `-p` run, the ACP agent or the REPL, and
 * returns the exit code (0 done, 1 model/API failure, 2 usage, 130 interrupted). It never calls
 * process.exit, so piped output is never cut; only what a mode needs is loaded.
 */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  if (argv[0] === 'mcp') return (await import('./mcp-command.js')).runMcpCommand(argv.slice(1), io);
  const parsed = parseHarnessArgs(argv);
  if (!parsed.ok) {
    io.stderr.write(`harness: ${parsed.message}\n`);
    return parsed.exitCode;
  }
  const flags = parsed.flags;
  if (flags.help) {
    io.stdout.write(helpText());
    await drained(io.stdout);
    return 0;
  }
  if (flags.version) {
    io.stdout.write(`harness ${VERSION}\n`);
    await drained(io.stdout);
    return 0;
  }
  if (flags.command?.name === 'skills')
    return (await import('./skills-command.js')).runSkillsList(flags, flags.command.json, io);
  if (flags.command?.name === 'skills-lint')
    return (await import('./skills-command.js')).runSkillsLint(flags, flags.command.paths, io, {
      strict: flags.command.strict,
      fix: flags.command.fix,
    });
  if (flags.command?.name === 'sandbox') return (await import('./sandbox-command.js')).runSandboxInfo(flags, io);
  if (flags.acp) return (await import('./acp/run-acp.js')).runAcp(flags, io);
  if (flags.print) return (await import('./print-mode.js')).runPrint(flags, io);
  return (await import('./repl.js')).runRepl(flags, io);
}
