import type { Skill } from '@coding-harness/skills';
import * as z from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';
import en from 'zod/v4/locales/en.js';
import { bashTool } from './bash.js';
import { editFileTool } from './edit-file.js';
import { globTool } from './glob.js';
import { createGrepTool } from './grep.js';
import { readFileTool } from './read-file.js';
import { errorResult } from './result.js';
import { ruleTableOf } from './rule-table.js';
import { createSkillTool } from './skill.js';
import type { PreparedCall, Tool, ToolDefinition, ToolRegistry } from './types.js';
import { writeFileTool } from './write-file.js';

/** What a session's tool set depends on. */
export interface RegistryOptions {
  /** Discovered skills; the skill tool exists only when there is at least one. */
  skills?: readonly Skill[];
  /** grep's engine: a path to rg, null never to use rg, undefined to look on PATH once. */
  rgPath?: string | null;
  /**
   * More tools, any `Tool` (a library user's own), placed after the built-in ones in this order.
   * A name (or Claude Code name) already taken by a tool that stays is a TypeError.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each tool has its own input type
  tools?: readonly Tool<any>[];
  /** Built-in tools to leave out, by our name (`bash`, `skill`, ...); naming no built-in tool is a TypeError. */
  omit?: readonly string[];
}

/** The built-in tools' names, in the registry's order. */
export const BUILTIN_TOOL_NAMES: readonly string[] = Object.freeze([
  'read_file',
  'glob',
  'grep',
  'edit_file',
  'write_file',
  'bash',
  'skill',
]);

// zod/mini loads no locale, so its issues would read a bare "Invalid input". English is passed per
// parse instead of through z.config: z.config is global to the zod instance, which npm shares with
// the importer, and would reset the locale a consumer chose. Only the English file is imported,
// not the locales index, so a bundle carries no other locale.
const ENGLISH: z.core.ParseContext<z.core.$ZodIssue> = { error: en().localeError };

type InputSchema = ToolDefinition['input_schema'];

/** The API `input_schema` of a zod schema: its JSON Schema without `$schema`. */
export function jsonSchemaOf(schema: $ZodType): InputSchema {
  const json = z.toJSONSchema(schema) as Record<string, unknown>;
  delete json.$schema;
  return json as InputSchema;
}

const definitionCache = new WeakMap<Tool<unknown>, ToolDefinition>();

/**
 * The API definition of a tool: JSON Schema from its zod schema without `$schema`, computed once
 * per tool object (the built-in tools are shared, so once per process) and frozen.
 */
export function toolDefinition(tool: Tool<unknown>): ToolDefinition {
  let def = definitionCache.get(tool);
  if (def === undefined) {
    def = Object.freeze({ name: tool.name, description: tool.description, input_schema: jsonSchemaOf(tool.schema) });
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

/** The built-in tools this registry keeps, in order; `omit` must name built-in tools only. */
function builtinTools(options: RegistryOptions): Tool<unknown>[] {
  const omit = new Set(options.omit ?? []);
  const unknown = [...omit].filter((name) => !BUILTIN_TOOL_NAMES.includes(name));
  if (unknown.length > 0)
    throw new TypeError(
      `createToolRegistry: omit names no built-in tool: ${unknown.join(', ')} (built-in: ${BUILTIN_TOOL_NAMES.join(', ')})`,
    );
  const skills = options.skills ?? [];
  const make: Record<string, () => Tool<unknown> | undefined> = {
    read_file: () => readFileTool as Tool<unknown>,
    glob: () => globTool as Tool<unknown>,
    grep: () =>
      (options.rgPath === undefined ? createGrepTool() : createGrepTool({ rgPath: options.rgPath })) as Tool<unknown>,
    edit_file: () => editFileTool as Tool<unknown>,
    write_file: () => writeFileTool as Tool<unknown>,
    bash: () => bashTool as Tool<unknown>,
    skill: () => (skills.length > 0 ? (createSkillTool(skills) as Tool<unknown>) : undefined),
  };
  return BUILTIN_TOOL_NAMES.filter((name) => !omit.has(name)).flatMap((name) => make[name]?.() ?? []);
}

/**
 * The session's tools in a stable order: read_file, glob, grep, edit_file, write_file, bash,
 * skill (when skills were discovered), less `omit`, then `tools`. `definitions()` returns the same
 * bytes on every call; `ruleNames()` is the table the approval policy resolves rule names with.
 * Throws a TypeError when the options contradict themselves (see `RegistryOptions`).
 */
export function createToolRegistry(options: RegistryOptions = {}): ToolRegistry {
  const list = [...builtinTools(options), ...((options.tools ?? []) as Tool<unknown>[])];
  const tools = Object.freeze(list);
  const table = ruleTableOf(tools, !(options.omit ?? []).includes('skill'));
  const byName = new Map(tools.map((t) => [t.name, t]));
  let definitions: ToolDefinition[] | undefined;
  return {
    tools,
    get: (name) => byName.get(name),
    definitions() {
      definitions ??= tools.map(toolDefinition);
      return definitions.map((d) => ({ ...d }));
    },
    ruleNames: () => table,
    prepare(name, rawInput, ctx): PreparedCall {
      const tool = byName.get(name);
      if (tool === undefined) {
        return {
          ok: false,
          result: errorResult(`Unknown tool "${name}". Available tools: ${tools.map((t) => t.name).join(', ')}.`),
        };
      }
      const parsed = z.safeParse(tool.schema, rawInput, ENGLISH);
      if (!parsed.success) {
        return { ok: false, result: errorResult(`Invalid input for ${name}: ${describeIssues(parsed.error)}.`) };
      }
      try {
        return {
          ok: true,
          tool,
          input: parsed.data,
          summary: tool.summarize(parsed.data),
          permission: tool.permission(parsed.data, ctx),
        };
      } catch (err) {
        return {
          ok: false,
          result: errorResult(`Invalid input for ${name}: ${err instanceof Error ? err.message : String(err)}.`),
        };
      }
    },
  };
}

/**
 * The rule table of the built-in tools (skill included): for validating rules before a registry
 * exists (command-line flags). A session's own table is `registry.ruleNames()`.
 */
export function builtinRuleNames(): ReturnType<ToolRegistry['ruleNames']> {
  builtinTable ??= createToolRegistry({ rgPath: null }).ruleNames();
  return builtinTable;
}
let builtinTable: ReturnType<ToolRegistry['ruleNames']> | undefined;
