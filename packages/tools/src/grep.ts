import * as z from 'zod/mini';
import { ancestorStack } from './gitignore.js';
import { grepBuiltin } from './grep-builtin.js';
import { formatContent, formatCount, formatFiles, sortHits } from './grep-format.js';
import { compilePattern } from './grep-regex.js';
import { grepRg, processRgFor } from './grep-rg.js';
import type { EngineResult, FileHits } from './grep-types.js';
import { fileFilterOf, globFilter } from './grep-types.js';
import { loadRe2 } from './re2.js';
import { abortedResult, errorResult, okResult, plural } from './result.js';
import { searchScope, startRel } from './search-scope.js';
import type { SearchScope } from './search-scope.js';
import { defineTool } from './define-tool.js';
import type { Tool, ToolContext } from './types.js';

const schema = z.object({
  pattern: z.string().check(z.minLength(1)).register(z.globalRegistry, {
    description: 'JavaScript regular expression, matched line by line (e.g. "function\\s+\\w+", "TODO").',
  }),
  path: z.optional(z.string()).register(z.globalRegistry, {
    description: 'File or directory to search, relative to the work root. Default: the work root.',
  }),
  glob: z.optional(z.string()).register(z.globalRegistry, {
    description:
      'Only files matching this glob: without "/" it matches the file name ("*.ts"), with "/" the path below the search directory.',
  }),
  ignore_case: z
    .optional(z.boolean())
    .register(z.globalRegistry, { description: 'Case-insensitive match. Default false.' }),
  output: z.optional(z.enum(['files', 'content', 'count'])).register(z.globalRegistry, {
    description:
      '"files" (default): paths of matching files; "content": matching lines as path:line:text; "count": matches per file.',
  }),
  context: z
    .optional(z.int().check(z.minimum(0), z.maximum(20)))
    .register(z.globalRegistry, { description: 'Lines of context around each match in "content" output. Default 0.' }),
});
type Input = z.infer<typeof schema>;

/** How grep picks its engine: a path to rg, null for the built-in engine only, undefined to look on PATH once. */
export interface GrepOptions {
  rgPath?: string | null;
}

/** Which engine answered, and the matching files sorted by path. */
export type GrepOutcome =
  | { ok: true; engine: 'rg' | 'builtin'; files: FileHits[]; scope: SearchScope; notes: string[] }
  | { ok: false; error: string; aborted?: boolean };

/**
 * Runs one grep with the chosen engine. rg is used when given, the pattern can be expressed for
 * it and no .gitignore above the start directory would be missed; otherwise, or when rg fails,
 * the built-in engine answers. Both give the same files and lines.
 */
export async function grepSearch(
  ctx: Pick<ToolContext, 'root' | 'extraReadRoots' | 'writeRoots' | 'signal' | 'readFilter'>,
  input: Input,
  rgPath: string | null,
  opts: { skip?: ReadonlySet<string> } = {},
): Promise<GrepOutcome> {
  const found = searchScope(ctx, input.path);
  if (!found.ok) return found;
  const scope = found.scope;
  await loadRe2();
  const compiled = compilePattern(input.pattern, input.ignore_case === true);
  if (!compiled.ok) return compiled;
  const globbed = globFilter(input.glob, scope);
  if (!globbed.ok) return globbed;
  const req = {
    pattern: compiled.pattern,
    scope,
    fileFilter: fileFilterOf(globbed.filter, ctx.readFilter, scope.base),
    glob: input.glob,
    mode: input.output ?? 'files',
    signal: ctx.signal,
    ...(opts.skip ? { skip: opts.skip } : {}),
  };
  let result: EngineResult | undefined;
  let engine: 'rg' | 'builtin' = 'builtin';
  const rel = startRel(scope);
  if (rgPath !== null && !scope.startIsFile && (rel === '' || !ancestorStack(scope.base, rel).active)) {
    result = await grepRg(rgPath, req);
    if (result !== undefined) engine = 'rg';
  }
  result ??= await grepBuiltin(req);
  if (!result.ok) return result;
  return { ok: true, engine, files: sortHits(result.files), scope, notes: result.notes };
}

/** Creates the grep tool with an engine choice (see GrepOptions). */
export function createGrepTool(options: GrepOptions = {}): Tool<Input> {
  const rgPath = (root: string): string | null => (options.rgPath !== undefined ? options.rgPath : processRgFor(root));
  return defineTool({
    name: 'grep',
    description:
      'Search file contents with a JavaScript regular expression, line by line, in linear time (no lookaround or backreferences). Honours .gitignore, skips binary files, .git and node_modules. ' +
      'output "files" (default) lists matching files, "content" shows path:line:text (with optional context lines), "count" counts per file. ' +
      'Results are sorted by path and capped; narrow with path or glob.',
    kind: 'read',
    ruleNames: ['Grep'],
    pathFields: ['path'],
    deniedWith: ['read_file'],
    schema,
    summarize: (input) =>
      `grep ${JSON.stringify(input.pattern)}${input.path ? ` in ${input.path}` : ''}${input.glob ? ` (${input.glob})` : ''}`,
    permission: (input) => ({ target: input.path ?? '.' }),
    async execute(input, ctx) {
      if (ctx.signal.aborted) return abortedResult('grep');
      const res = await grepSearch(ctx, input, rgPath(ctx.root));
      if (!res.ok) return res.aborted ? abortedResult('grep') : errorResult(res.error);
      const notes = res.notes.length > 0 ? `\n\n${res.notes.join('\n')}` : '';
      if (res.files.length === 0)
        return okResult(`No matches for ${JSON.stringify(input.pattern)}.${notes}`, 'no matches');
      const mode = input.output ?? 'files';
      const lines = res.files.reduce((n, f) => n + f.lines.length, 0);
      if (mode === 'files')
        return okResult(formatFiles(res.files, res.scope) + notes, plural(res.files.length, 'file'));
      const display = `${plural(lines, 'match', 'matches')} in ${plural(res.files.length, 'file')}`;
      if (mode === 'count') return okResult(formatCount(res.files, res.scope) + notes, display);
      return okResult(formatContent(res.files, res.scope, input.context ?? 0) + notes, display);
    },
  });
}

/** The grep tool, using rg when it is on PATH (looked up once). */
export const grepTool: Tool<Input> = createGrepTool();
