import type { Skill } from '@coding-harness/skills';
import * as z from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';
import en from 'zod/v4/locales/en.js';
import { bashTool } from './bash.js';
import { BUILTIN_INPUT_SCHEMAS } from './builtin-schemas.js';
import { editFileTool } from './edit-file.js';
import { globTool } from './glob.js';
import { createGrepTool, grepTool } from './grep.js';
import { readFileTool } from './read-file.js';
import { errorResult } from './result.js';
import { createSkillTool } from './skill.js';
import type { PreparedCall, Tool, ToolDefinition, ToolRegistry } from './types.js';
import { writeFileTool } from './write-file.js';

/** What a session's tool set depends on. */
export interface RegistryOptions {
  /** Discovered skills; the skill tool exists only when there is at least one. */
  skills?: readonly Skill[];
  /** grep's engine: a path to rg, null never to use rg, undefined to look on PATH once. */
  rgPath?: string | null;
}

// zod/mini loads no locale, so its issues read a bare "Invalid input"; classic zod sets English on
// first use. Setting it here keeps the messages the model sees ("Invalid input: expected string,
// received undefined"). z.config is global to the zod instance, so this is the same setting classic
// zod makes anyway (and classic keeps a locale already set). Only the English file is imported, not
// the locales index, so a bundle carries no other locale.
z.config(en());

type InputSchema = ToolDefinition['input_schema'];

/** The API `input_schema` of a zod schema: its JSON Schema without `$schema`. */
export function jsonSchemaOf(schema: $ZodType): InputSchema {
  const json = z.toJSONSchema(schema) as Record<string, unknown>;
  delete json.$schema;
  return json as InputSchema;
}

/**
 * The schema object of each built-in tool, by name (grep's tools from createGrepTool all share
 * grepTool's schema). A tool with one of these names and that very schema object gets its
 * input_schema from builtin-schemas.ts, generated from these schemas by scripts/gen-schemas.mjs and
 * checked by builtin-schemas.test.ts: the same bytes, without zod's toJSONSchema at start-up.
 */
const builtinSchemas = new Map<string, unknown>([readFileTool, globTool, grepTool, editFileTool, writeFileTool, bashTool].map((t) => [t.name, t.schema]));
const precomputed: Readonly<Record<string, InputSchema | undefined>> = BUILTIN_INPUT_SCHEMAS;

const definitionCache = new WeakMap<Tool<unknown>, ToolDefinition>();

/**
 * The API definition of a tool: JSON Schema from its zod schema without `$schema`, computed once
 * (precomputed, and deep-frozen, for the built-in tools' schemas).
 */
export function toolDefinition(tool: Tool<unknown>): ToolDefinition {
  let def = definitionCache.get(tool);
  if (def === undefined) {
    const builtin = builtinSchemas.get(tool.name) === tool.schema ? precomputed[tool.name] : undefined;
    def = Object.freeze({ name: tool.name, description: tool.description, input_schema: builtin ?? jsonSchemaOf(tool.schema) });
    definitionCache.set(tool, def);
  }
  return def;
}

function describeIssues(error: z.core.$ZodError): string {
  return error.issues
    .map((issue) => {
      const where = issue.path.length > 0 ? issue.path.join('.') : '(input)';
      return `${where}: ${issue.message}`;
    })
    .join('; ');
}

/**
 * The session's tools in a stable order: read_file, glob, grep, edit_file, write_file, bash, and
 * skill when skills were discovered. `definitions()` returns the same bytes on every call.
 */
export function createToolRegistry(options: RegistryOptions = {}): ToolRegistry {
  const skills = options.skills ?? [];
  const grep = options.rgPath === undefined ? createGrepTool() : createGrepTool({ rgPath: options.rgPath });
  const list: Tool<unknown>[] = [readFileTool, globTool, grep, editFileTool, writeFileTool, bashTool].map((t) => t as Tool<unknown>);
  if (skills.length > 0) list.push(createSkillTool(skills) as Tool<unknown>);
  const tools = Object.freeze(list);
  const byName = new Map(tools.map((t) => [t.name, t]));
  let definitions: ToolDefinition[] | undefined;
  return {
    tools,
    get: (name) => byName.get(name),
    definitions() {
      definitions ??= tools.map(toolDefinition);
      return definitions.map((d) => ({ ...d }));
    },
    prepare(name, rawInput, ctx): PreparedCall {
      const tool = byName.get(name);
      if (tool === undefined) {
        return { ok: false, result: errorResult(`Unknown tool "${name}". Available tools: ${tools.map((t) => t.name).join(', ')}.`) };
      }
      const parsed = z.safeParse(tool.schema, rawInput);
      if (!parsed.success) {
        return { ok: false, result: errorResult(`Invalid input for ${name}: ${describeIssues(parsed.error)}.`) };
      }
      try {
        return { ok: true, tool, input: parsed.data, summary: tool.summarize(parsed.data), permission: tool.permission(parsed.data, ctx) };
      } catch (err) {
        return { ok: false, result: errorResult(`Invalid input for ${name}: ${err instanceof Error ? err.message : String(err)}.`) };
      }
    },
  };
}
