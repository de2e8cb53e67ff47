import { parseArgs } from 'node:util';

/** The CLI's options once checked. */
export interface CliOptions {
  script: string;
  port: number;
  log?: string;
}

export const USAGE = 'usage: mock-anthropic --script FILE [--port N] [--log FILE]';

/** Parses the CLI's argv (without node and script); errors name the flag at fault. */
export function parseCliArgs(argv: string[]): { ok: true; options: CliOptions } | { ok: false; message: string } | { ok: 'help' } {
  let values: { script?: string; port?: string; log?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { script: { type: 'string', short: 's' }, port: { type: 'string', short: 'p' }, log: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
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
  return { ok: true, options: { script: values.script, port, log: values.log } };
}
