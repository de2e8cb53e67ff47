import { parseArgs } from 'node:util';

/** The CLI's options once checked. */
export interface CliOptions {
  script: string;
  port: number;
  log?: string;
  /** `--lenient`: accept what the 2025 mock accepted. */
  lenient: boolean;
  /** `--old-account`: the account predates 2026-08-31 (prefix check only with block_binding). */
  oldAccount: boolean;
}

export const USAGE = 'usage: mock-anthropic --script FILE [--port N] [--log FILE] [--lenient] [--old-account]';

/** Parses the CLI's argv (without node and script); errors name the flag at fault. */
export function parseCliArgs(
  argv: string[],
): { ok: true; options: CliOptions } | { ok: false; message: string } | { ok: 'help' } {
  let values: {
    script?: string;
    port?: string;
    log?: string;
    help?: boolean;
    lenient?: boolean;
    'old-account'?: boolean;
  };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        script: { type: 'string', short: 's' },
        port: { type: 'string', short: 'p' },
        log: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
        lenient: { type: 'boolean' },
        'old-account': { type: 'boolean' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    return { ok: false, message: (error as Error).message };
  }
  if (values.help) return { ok: 'help' };
  if (!values.script) return { ok: false, message: '--script FILE is required' };
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535 || values.port?.trim() === '') {
    return { ok: false, message: `--port: expected an integer from 0 to 65535, got "${values.port}"` };
  }
  return {
    ok: true,
    options: {
      script: values.script,
      port,
      log: values.log,
      lenient: values.lenient ?? false,
      oldAccount: values['old-account'] ?? false,
    },
  };
}
