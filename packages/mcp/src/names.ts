/**
 * Tool names as Claude Code spells them: `mcp__<server>__<tool>`, every character outside
 * `[A-Za-z0-9_-]` turned into `_`. The API takes at most 64 characters: a longer name is not
 * offered (a problem names it) rather than cut into a name that could collide.
 */

const API_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

/** The rule and group name of a server's tools: `mcp__<server>`. */
export function serverRuleName(server: string): string {
  return `mcp__${clean(server)}`;
}

function clean(text: string): string {
  return text.replace(/[^A-Za-z0-9_-]/g, '_');
}

/** The tool's name in the session, or undefined when the API would refuse it. */
export function mcpToolName(server: string, tool: string): string | undefined {
  const name = `${serverRuleName(server)}__${clean(tool)}`;
  return API_NAME.test(name) ? name : undefined;
}

/** The server part of an `mcp__<server>__<tool>` or `mcp__<server>` name, or undefined. */
export function serverOfRuleName(name: string): string | undefined {
  const match = /^mcp__(.+?)(?:__.*)?$/.exec(name);
  return match?.[1];
}
