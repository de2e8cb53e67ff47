/**
 * The question a front end with a person at it (the REPL, the TUI) is asked about a trusted
 * repository's `.mcp.json` servers that were never approved, instead of only a start-up line
 * naming `--approve-mcp` (Claude Code asks the same when it finds a new `.mcp.json` server).
 * One question per server, in file order. The answer is recorded as `--approve-mcp` records it
 * (keyed on what the server runs, so a later change by the repository asks again); `skip`
 * starts nothing and asks again next time; a server the settings disable is never asked about.
 */
export interface McpServerQuestion {
  /** The repository (its trust key). */
  repo: string;
  /** The `.mcp.json` it is in. */
  source: string;
  /** Its name (text from the repository: sanitize before showing). */
  name: string;
  /** What it runs: the command and its arguments, or the URL (text from the repository). */
  runs: string;
  /** How many servers of the file are still to be asked about after this one. */
  remaining: number;
}

/** `approve`: this server (recorded); `approve-all`: this one and the rest of the file (recorded); `skip`: not this time. */
export type McpServerAnswer = 'approve' | 'approve-all' | 'skip';

export type AskMcpServerFn = (question: McpServerQuestion) => Promise<McpServerAnswer>;
