import fs from 'node:fs';
import path from 'node:path';
import picomatch from 'picomatch';
import * as z from 'zod/mini';
import { isWithin } from './jail.js';
import { abortedResult, errorResult, okResult } from './result.js';
import { searchScope, startRel } from './search-scope.js';
import { defineTool } from './define-tool.js';
import type { Tool } from './types.js';
import { SKIPPED_DIRS, walkFiles } from './walk.js';
import { reachable } from './gitignore.js';
import { compileGlob } from './glob-match.js';
import { loadRe2 } from './re2.js';
import type { ToolContext } from './types.js';

/** Default number of paths one glob call returns. */
export const GLOB_CAP = 100;

const schema = z.object({
  pattern: z.string().check(z.minLength(1)).register(z.globalRegistry, {
    description: 'Glob pattern relative to the search directory, e.g. "**/*.ts" or "src/**/index.*".',
  }),
  path: z.optional(z.string()).register(z.globalRegistry, {
    description: 'Directory to search in, relative to the work root. Default: the work root.',
  }),
});
type Input = z.infer<typeof schema>;

/** The files under the scope matching `pattern`, newest first (ties by path), before capping. */
export async function globFiles(
  ctx: Parameters<typeof searchScope>[0] & { signal: AbortSignal } & Pick<ToolContext, 'readFilter'>,
  input: Input,
  opts: { skip?: ReadonlySet<string> } = {},
): Promise<{ ok: true; paths: string[]; notes: string[] } | { ok: false; error: string; aborted?: boolean }> {
  await loadRe2();
  const found = searchScope(ctx, input.path);
  if (!found.ok) return found;
  const scope = found.scope;
  if (scope.startIsFile) return { ok: false, error: `${input.path} is a file; glob's path must be a directory.` };
  if (path.isAbsolute(input.pattern)) {
    return {
      ok: false,
      error: `Pattern ${JSON.stringify(input.pattern)} is absolute; give a relative pattern and choose the directory with path.`,
    };
  }
  const compiled = compileGlob(input.pattern);
  if (!compiled.ok) return compiled;
  const isMatch = compiled.test;
  const staticBase = picomatch.scan(input.pattern).base;
  let walkStart = scope.start;
  if (staticBase !== '' && !staticBase.split('/').includes('..')) {
    const candidate = path.join(scope.start, staticBase);
    if (!isWithin(candidate, scope.start)) return { ok: true, paths: [], notes: [] };
    if (
      !reachable(
        scope.base,
        startRel(scope),
        path.relative(scope.start, candidate).split(path.sep).join('/'),
        opts.skip ?? SKIPPED_DIRS,
      )
    ) {
      return { ok: true, paths: [], notes: [] };
    }
    walkStart = candidate;
  }
  const skip = opts.skip ?? SKIPPED_DIRS;
  const walked = await walkFiles({ base: scope.base, start: walkStart, signal: ctx.signal, skip });
  if (!walked.ok) return { ok: false, error: 'glob was cancelled.', aborted: true };
  const prefix = startRel(scope);
  const readable = ctx.readFilter;
  const basePrefix = `${scope.base}/`;
  const matched = walked.files.filter(
    (rel) =>
      isMatch(prefix === '' ? rel : rel.slice(prefix.length + 1)) &&
      (readable === undefined || readable(basePrefix + rel)),
  );
  const withTime = matched.map((rel) => {
    try {
      return { rel, mtime: fs.statSync(path.join(scope.base, rel)).mtimeMs };
    } catch {
      return { rel, mtime: 0 };
    }
  });
  withTime.sort((a, b) => b.mtime - a.mtime || (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
  return { ok: true, paths: withTime.map((f) => scope.show(f.rel)), notes: walked.notes };
}

/** Creates a glob tool with its own result cap. */
export function createGlobTool(cap: number = GLOB_CAP): Tool<Input> {
  return defineTool({
    name: 'glob',
    description:
      'Find files by glob pattern (picomatch syntax: *, **, ?, [abc], {a,b}). Honours .gitignore and skips .git and node_modules. ' +
      `Returns paths relative to the work root, newest first, at most ${cap}. Use it to list directories too.`,
    kind: 'read',
    ruleNames: ['Glob'],
    pathFields: ['path'],
    deniedWith: ['read_file'],
    schema,
    summarize: (input) => `glob ${input.pattern}${input.path ? ` in ${input.path}` : ''}`,
    permission: (input) => ({ target: input.path ?? '.' }),
    async execute(input, ctx) {
      if (ctx.signal.aborted) return abortedResult('glob');
      const res = await globFiles(ctx, input);
      if (!res.ok) return res.aborted ? abortedResult('glob') : errorResult(res.error);
      const notes = res.notes.length > 0 ? `\n\n${res.notes.join('\n')}` : '';
      if (res.paths.length === 0)
        return okResult(`No files match ${JSON.stringify(input.pattern)}.${notes}`, 'no files');
      const shown = res.paths.slice(0, cap);
      const rest = res.paths.length - shown.length;
      const tail = rest > 0 ? `\n… and ${rest} more (${res.paths.length} in all); narrow the pattern or the path.` : '';
      return okResult(shown.join('\n') + tail + notes, `${res.paths.length} file${res.paths.length === 1 ? '' : 's'}`);
    },
  });
}

/** The glob tool with the default cap. */
export const globTool: Tool<Input> = createGlobTool();
