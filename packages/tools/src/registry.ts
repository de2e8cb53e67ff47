import { bashTool } from './bash.js';
import { editFileTool } from './edit-file.js';
import { globTool } from './glob.js';
import { createGrepTool } from './grep.js';
import { readFileTool } from './read-file.js';
import { errorResult, messageOf } from './result.js';
import { ruleTableOf } from './rule-table.js';
import type { PreparedCall, Tool, ToolContext, ToolDefinition, ToolRegistry, ToolRuleEntry } from './types.js';
import { writeFileTool } from './write-file.js';

/** What a session's tool set depends on. */
export interface RegistryOptions {
  /** grep's engine: a path to rg, null never to use rg, undefined to look on PATH once. */
  rgPath?: string | null;
  /**
   * More tools, any `Tool` (a library user's own, an MCP server's, the session's skill tool),
   * placed after the built-in ones in this order. A name (or Claude Code name) already taken by a
   * tool that stays is a TypeError.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each tool has its own input type
  tools?: readonly Tool<any>[];
  /** Built-in tools to leave out, by our name (`bash`, `grep`, ...); naming no built-in tool is a TypeError. */
  omit?: readonly string[];
  /**
   * Rule entries of tools that are not in this registry but that rules may name (a tool that
   * joins later, or one a caller runs itself), appended to `ruleNames()` after the tools' own.
   * An entry whose name a tool here already has is left out.
   */
  ruleEntries?: readonly ToolRuleEntry[];
}

/** The built-in tools' names, in the registry's order. */
export const BUILTIN_TOOL_NAMES: readonly string[] = Object.freeze([
  'read_file',
  'glob',
  'grep',
  'edit_file',
  'write_file',
  'bash',
]);

const definitionCache = new WeakMap<Tool<unknown>, ToolDefinition>();

/**
 * The API definition of a tool: its name, description and `inputSchema` as given (the same
 * object, so the same bytes), made once per tool object and frozen.
 */
export function toolDefinition(tool: Tool<unknown>): ToolDefinition {
  let def = definitionCache.get(tool);
  if (def === undefined) {
    def = Object.freeze({ name: tool.name, description: tool.description, input_schema: tool.inputSchema });
    definitionCache.set(tool, def);
  }
  return def;
}

/**
 * Validates `rawInput` with `tool` and computes the call's summary and permission target; a
 * failure (or a throw of the tool's own code) is an `invalid_input` error result. Never throws.
 */
export function prepareCall(
  tool: Tool<unknown>,
  rawInput: unknown,
  ctx: Pick<ToolContext, 'root' | 'sandbox' | 'writeRoots'>,
): PreparedCall {
  const invalid = (why: string): PreparedCall => ({
    ok: false,
    result: errorResult(`Invalid input for ${tool.name}: ${why}.`, undefined, 'invalid_input'),
  });
  try {
    const checked = tool.validate(rawInput);
    if (!checked.ok) return invalid(checked.message);
    return {
      ok: true,
      tool,
      input: checked.input,
      summary: tool.summarize(checked.input),
      permission: tool.permission(checked.input, ctx),
    };
  } catch (err) {
    return invalid(messageOf(err));
  }
}

/** The built-in tools this registry keeps, in order; `omit` must name built-in tools only. */
function builtinTools(options: RegistryOptions): Tool<unknown>[] {
  const omit = new Set(options.omit ?? []);
  const unknown = [...omit].filter((name) => !BUILTIN_TOOL_NAMES.includes(name));
  if (unknown.length > 0)
    throw new TypeError(
      `createToolRegistry: omit names no built-in tool: ${unknown.join(', ')} (built-in: ${BUILTIN_TOOL_NAMES.join(', ')})`,
    );
  const make: Record<string, () => Tool<unknown>> = {
    read_file: () => readFileTool as Tool<unknown>,
    glob: () => globTool as Tool<unknown>,
    grep: () =>
      (options.rgPath === undefined ? createGrepTool() : createGrepTool({ rgPath: options.rgPath })) as Tool<unknown>,
    edit_file: () => editFileTool as Tool<unknown>,
    write_file: () => writeFileTool as Tool<unknown>,
    bash: () => bashTool as Tool<unknown>,
  };
  return BUILTIN_TOOL_NAMES.filter((name) => !omit.has(name)).flatMap((name) => make[name]?.() ?? []);
}

/**
 * The session's tools in a stable order: read_file, glob, grep, edit_file, write_file, bash, less
 * `omit`, then `tools`. `definitions()` returns the same bytes on every call; `ruleNames()` is
 * the table the approval policy resolves rule names with. Throws a TypeError when the options
 * contradict themselves (see `RegistryOptions`).
 */
export function createToolRegistry(options: RegistryOptions = {}): ToolRegistry {
  const list = [...builtinTools(options), ...((options.tools ?? []) as Tool<unknown>[])];
  const tools = Object.freeze(list);
  const table = ruleTableOf(tools, options.ruleEntries ?? []);
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
      if (tool === undefined)
        return {
          ok: false,
          result: errorResult(
            `Unknown tool "${name}". Available tools: ${tools.map((t) => t.name).join(', ')}.`,
            undefined,
            'invalid_input',
          ),
        };
      return prepareCall(tool, rawInput, ctx);
    },
  };
}

/**
 * The rule table of the built-in tools, plus `extra` entries (the session's skill tool): for
 * validating rules before a registry exists (command-line flags). A session's own table is
 * `registry.ruleNames()`.
 */
export function builtinRuleNames(extra: readonly ToolRuleEntry[] = []): ReturnType<ToolRegistry['ruleNames']> {
  if (extra.length > 0) return createToolRegistry({ rgPath: null, ruleEntries: extra }).ruleNames();
  builtinTable ??= createToolRegistry({ rgPath: null }).ruleNames();
  return builtinTable;
}
let builtinTable: ReturnType<ToolRegistry['ruleNames']> | undefined;
