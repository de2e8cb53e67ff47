/** How a tool is described to a model (its own file: messages and requests both name it). */

/**
 * A tool as the model is told of it. `inputSchema` is JSON Schema, sent byte for byte as given
 * (an outside tool's schema keeps its exact bytes).
 */
export interface ToolSpec {
  name: string;
  description: string;
  inputSchema: { type: 'object'; [k: string]: unknown };
  /**
   * Not sent in full: the model finds it through the provider's tool search (where supported).
   * Absent or false: sent in full.
   */
  deferred?: boolean;
  /**
   * A tool the provider runs itself (a server tool: the Anthropic API's web search and web
   * fetch): sent as the provider's own definition (`type`, `name` and `config`), never called
   * by the harness; its calls and results come back as `provider` parts. `betas` are the
   * provider's opt-in headers it needs. `description` and `inputSchema` are not sent.
   */
  server?: { type: string; config?: Record<string, unknown>; betas?: readonly string[] };
}
