/**
 * Reads one JSON-with-comments file for its hooks (a settings file, a plugin's hooks.json) as a
 * repository may ship it: never blocking on a FIFO, never reading without end, a parse error
 * named with its line and column. Never throws.
 */
import { readRegularFile, refusalText } from '@coding-harness/skills';
import { parse, printParseErrorCode } from 'jsonc-parser';
import type { ParseError } from 'jsonc-parser';

/** Settings and hooks files are small; a larger one is refused unread. */
const MAX_BYTES = 1024 * 1024;

export type JsonRead = { ok: true; value: unknown } | { ok: false; missing: boolean; message: string };

function lineColumn(text: string, offset: number): string {
  const before = text.slice(0, offset).split('\n');
  return `line ${before.length}, column ${(before.at(-1)?.length ?? 0) + 1}`;
}

export function readJsonFile(file: string): JsonRead {
  const read = readRegularFile(file, MAX_BYTES);
  if (!read.ok) return { ok: false, missing: read.why === 'missing', message: `${file} ${refusalText(read)}` };
  const text = read.bytes.toString('utf8');
  const errors: ParseError[] = [];
  const value: unknown = parse(text, errors, { allowTrailingComma: true, disallowComments: false });
  const first = errors[0];
  if (first !== undefined)
    return {
      ok: false,
      missing: false,
      message: `${file}: ${printParseErrorCode(first.error)} at ${lineColumn(text, first.offset)}: fix the JSON; its hooks were skipped`,
    };
  return { ok: true, value };
}
