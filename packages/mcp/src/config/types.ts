/**
 * MCP server configuration in Claude Code's format (`.mcp.json`, `~/.claude.json`,
 * `--mcp-config`): the shapes after parsing, before `${VAR}` expansion.
 */

/** A server run as a child process speaking JSON-RPC on stdin/stdout. */
export interface StdioServerConfig {
  type: 'stdio';
  command: string;
  args: readonly string[];
  /** Only these variables (plus a minimal base: PATH, HOME, ...) reach the process. */
  env: Readonly<Record<string, string>>;
  cwd?: string;
}

/** A remote server: streamable HTTP (`type: "http"`) or the legacy HTTP+SSE transport (`type: "sse"`). */
export interface RemoteServerConfig {
  type: 'http' | 'sse';
  url: string;
  headers: Readonly<Record<string, string>>;
}

export type ServerConfig = StdioServerConfig | RemoteServerConfig;

/**
 * Where a server's entry came from, from the weakest to the strongest when two name the same
 * server: `user` (`~/.claude.json` mcpServers), `settings`/`plugin` (added by the caller),
 * `project` (the repository's `.mcp.json`), `local` (`~/.claude.json` projects[root]),
 * `flag` (`--mcp-config`).
 */
export type ServerScope = 'user' | 'settings' | 'plugin' | 'project' | 'local' | 'flag';

/** One configured server as the session sees it. */
export interface ConfiguredServer {
  /** The name the config gives it (the key under `mcpServers`). */
  name: string;
  scope: ServerScope;
  /** The file it came from (or `--mcp-config <inline JSON>`). */
  source: string;
  config: ServerConfig;
}

/** A problem with a configuration file or entry: never fatal, always naming the file. */
export interface ConfigProblem {
  source: string;
  message: string;
}

/** The text of one configuration source and how to read it. */
export interface ConfigSource {
  scope: ServerScope;
  /** A path (or a label) named in problems. */
  source: string;
  /** The file's text (JSON with comments allowed). */
  text: string;
  /**
   * Where the `mcpServers` object sits: `top` (`.mcp.json`, `--mcp-config`, a settings file), or
   * under `projects[<key>]` of `~/.claude.json` (the local scope).
   */
  at?: { project: string };
}
