/**
 * The note that tells the model, on its next turn, which MCP tools wait behind the API's tool
 * search: counted per server (names would cost what deferring saves), each tool announced once.
 */
import { TOOL_SEARCH_SPEC } from './tool-search.js';

/** The note for the deferred tools not yet in `announced` (which it then holds), or undefined. */
export function deferredNote(deferred: ReadonlySet<string>, announced: Set<string>): string | undefined {
  const fresh = [...deferred].filter((name) => !announced.has(name));
  if (fresh.length === 0) return undefined;
  const byServer = new Map<string, number>();
  for (const name of fresh) {
    announced.add(name);
    const server = name.split('__')[1] ?? '';
    byServer.set(server, (byServer.get(server) ?? 0) + 1);
  }
  const lines = [...byServer].map(([server, n]) => `- ${server}: ${n} tool${n === 1 ? '' : 's'}`);
  return `More MCP tools are available than your tool list shows: find them with ${TOOL_SEARCH_SPEC.name} (a regular expression over their names and descriptions, e.g. "github.*issue"), then call what it finds by name:\n${lines.join('\n')}`;
}
