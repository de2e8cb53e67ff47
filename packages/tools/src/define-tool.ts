/**
 * `defineTool`: a tool declared with a zod schema, as the built-in tools are. The schema gives
 * both halves of the tool contract: `inputSchema` (its JSON Schema, computed once, with the same
 * deterministic bytes on every run) and `validate` (a zod parse with English messages). Any zod
 * v4 schema will do, `zod` (classic) or `zod/mini`: only the functions of `zod/mini` that take
 * core (`$ZodType`) schemas are used.
 */
import * as z from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';
import en from 'zod/v4/locales/en.js';
import type { JsonSchemaObject, Tool, Validation } from './types.js';

// zod/mini loads no locale, so its issues would read a bare "Invalid input". English is passed per
// parse instead of through z.config: z.config is global to the zod instance, which npm shares with
// the importer, and would reset the locale a consumer chose. Only the English file is imported,
// not the locales index, so a bundle carries no other locale.
const ENGLISH: z.core.ParseContext<z.core.$ZodIssue> = { error: en().localeError };

/** The API `input_schema` of a zod schema: its JSON Schema without `$schema`. */
export function jsonSchemaOf(schema: $ZodType): JsonSchemaObject {
  const json = z.toJSONSchema(schema) as Record<string, unknown>;
  delete json.$schema;
  return json as JsonSchemaObject;
}

function describeIssues(error: z.core.$ZodError): string {
  return error.issues
    .map((issue) => {
      const where = issue.path.length > 0 ? issue.path.join('.') : '(input)';
      return `${where}: ${issue.message}`;
    })
    .join('; ');
}

/** A `Tool.validate` from a zod schema: the parsed value, or every issue as `path: message`. */
export function zodValidator<I>(schema: $ZodType<I>): (raw: unknown) => Validation<I> {
  return (raw) => {
    const parsed = z.safeParse(schema, raw, ENGLISH);
    return parsed.success ? { ok: true, input: parsed.data } : { ok: false, message: describeIssues(parsed.error) };
  };
}

/** A tool as `defineTool` takes it: everything a `Tool` says, with a zod `schema` instead of the two halves. */
export type ZodToolSpec<I> = Omit<Tool<I>, 'inputSchema' | 'validate'> & { schema: $ZodType<I> };

/** A `Tool` from a zod-declared one: `inputSchema` derived now (frozen), `validate` parsing with the schema. */
export function defineTool<I>(spec: ZodToolSpec<I>): Tool<I> {
  const { schema, ...rest } = spec;
  return { ...rest, inputSchema: Object.freeze(jsonSchemaOf(schema)), validate: zodValidator(schema) };
}
