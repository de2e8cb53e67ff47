/**
 * Which files hold MCP configuration, in Claude Code's places, read through a function passed
 * in: `--mcp-config FILE...` (a path or inline JSON), `<root>/.mcp.json` (project scope) and
 * `~/.claude.json` (`mcpServers` at its top: user scope; under `projects[<root>]`: local scope).
 * `--strict-mcp-config` keeps the flag's files only. Settings files and plugins are passed in as
 * more sources by the caller.
 */
import { join, resolve } from 'node:path';
import type { ConfigProblem, ConfigSource } from './types.js';

export interface SourceOptions {
  /** The work root (absolute): its `.mcp.json`, and the key of its entry under `projects`. */
  root: string;
  home: string;
  /** The cwd `--mcp-config` paths resolve against. */
  cwd: string;
  /** `--mcp-config` values: file paths or inline JSON objects. */
  configFlags: readonly string[];
  /** `--strict-mcp-config`: only the flag's sources. */
  strict: boolean;
  /** The text of a file, or undefined when it does not exist; a string error for other failures. */
  read: (path: string) => { text: string } | { missing: true } | { error: string };
}

/** The sources to merge (weakest first is not required: `mergeSources` orders by scope) and read problems. */
export function configSources(options: SourceOptions): { sources: ConfigSource[]; problems: ConfigProblem[] } {
  const sources: ConfigSource[] = [];
  const problems: ConfigProblem[] = [];
  const add = (path: string, make: (text: string) => ConfigSource[], mustExist: boolean): void => {
    const got = options.read(path);
    if ('text' in got) sources.push(...make(got.text));
    else if ('error' in got) problems.push({ source: path, message: `could not be read: ${got.error}` });
    else if (mustExist) problems.push({ source: path, message: 'no such file (--mcp-config)' });
  };
  if (!options.strict) {
    const user = join(options.home, '.claude.json');
    add(
      user,
      (text) => [
        { scope: 'user', source: user, text },
        { scope: 'local', source: `${user} (projects["${options.root}"])`, text, at: { project: options.root } },
      ],
      false,
    );
    const project = join(options.root, '.mcp.json');
    add(project, (text) => [{ scope: 'project', source: project, text }], false);
  }
  for (const value of options.configFlags) {
    if (value.trimStart().startsWith('{')) {
      sources.push({ scope: 'flag', source: '--mcp-config (inline JSON)', text: value });
      continue;
    }
    const path = resolve(options.cwd, value);
    add(path, (text) => [{ scope: 'flag', source: path, text }], true);
  }
  return { sources, problems };
}
