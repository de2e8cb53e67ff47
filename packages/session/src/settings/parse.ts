/**
 * One settings file as text to one JSON object, with comments and trailing commas allowed
 * (Claude Code's files carry both). A file that does not parse is a problem naming the file and
 * the line, never an exception: the caller skips that file and says so.
 */
import type * as JsoncModule from 'jsonc-parser';
import type { ParseError } from 'jsonc-parser';

type Jsonc = typeof JsoncModule;

/** The parsed object, or why not, naming `file` and the line. */
export type ParsedSettings = { ok: true; data: Record<string, unknown> } | { ok: false; problem: string };

function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** Parses `text` from `file`; `jsonc` is the loaded jsonc-parser (imported lazily by the loader). */
export function parseSettingsText(jsonc: Jsonc, file: string, text: string): ParsedSettings {
  const errors: ParseError[] = [];
  const data: unknown = jsonc.parse(text, errors, { allowTrailingComma: true, disallowComments: false });
  const first = errors[0];
  if (first !== undefined)
    return {
      ok: false,
      problem: `${file}:${lineOf(text, first.offset)}: ${jsonc.printParseErrorCode(first.error)}; the file was skipped (fix it, or check it with a JSON linter)`,
    };
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    return { ok: false, problem: `${file}:1: expected a JSON object ({...}); the file was skipped` };
  return { ok: true, data: data as Record<string, unknown> };
}
