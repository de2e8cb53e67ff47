/**
 * `@<server>:<uri>` mentions: an MCP server's resource attached to the user's message as an
 * `@path` mention attaches a file (`resources/read`: text as text, images as image parts, the
 * text capped with a note), and completion of `@server:` from each server's `resources/list`
 * (templates offered up to their first `{`). A mention of a server that is not connected, or a
 * read that fails, is a notice; the message still goes.
 */
import { listResources, readResource } from '@coding-harness/mcp';
import type { McpResourceInfo } from '@coding-harness/mcp';
import type { Part } from '@coding-harness/model';
import { attachedText } from '../mentions/attached-part.js';
import { findMentions } from '../mentions/parse.js';
import { mentionToken } from '../mentions/complete.js';
import type { McpUxSource } from './prompts.js';

/** At most this many completions are offered. */
const COMPLETIONS_MAX = 50;

export interface McpResources {
  /** The parts of every `@server:uri` mention of `text`, and a line per mention for the front end. */
  attach(text: string): Promise<{ parts: Part[]; notes: string[] }>;
  /** `@server:uri` candidates for the `@word` at the end of `line` (sorted); [] for anything else. */
  completions(line: string): string[];
  refresh(server: string): Promise<void>;
  forget(server: string): void;
}

export function createMcpResources(
  source: McpUxSource,
  options: { timeoutMs: number; maxChars: number },
): McpResources {
  const lists = new Map<string, McpResourceInfo[]>();
  /** The server a mention names (`server:` then a URI), the longest name first. */
  const split = (path: string): { server: string; uri: string } | undefined => {
    const server = [...source.servers()].sort((a, b) => b.length - a.length).find((s) => path.startsWith(`${s}:`));
    return server === undefined ? undefined : { server, uri: path.slice(server.length + 1) };
  };
  const attachOne = async (server: string, uri: string, out: { parts: Part[]; notes: string[] }): Promise<void> => {
    const mention = `@${server}:${uri}`;
    await source.settled(server);
    const client = source.client(server);
    if (client === undefined) {
      out.notes.push(`${mention} not attached: MCP server ${server} is not connected (/mcp shows why)`);
      return;
    }
    const read = await readResource(client, uri, options);
    if (!read.ok) {
      out.notes.push(`${mention} not attached: ${read.message}`);
      return;
    }
    out.parts.push(...read.parts.map((p) => (p.type === 'text' ? attachedText(p.text) : p)));
    const size = read.parts.reduce((n, p) => n + (p.type === 'text' ? p.text.length : 0), 0);
    const images = read.parts.filter((p) => p.type !== 'text').length;
    const shown = `${size} characters${images > 0 ? `, ${images} image or document part${images === 1 ? '' : 's'}` : ''}`;
    out.notes.push(`attached ${mention} (${shown})${read.notes.length > 0 ? `; ${read.notes.join('; ')}` : ''}`);
  };
  return {
    async attach(text) {
      const out = { parts: [] as Part[], notes: [] as string[] };
      for (const mention of findMentions(text)) {
        const named = split(mention.path);
        if (named !== undefined && named.uri !== '') await attachOne(named.server, named.uri, out);
      }
      return out;
    },
    completions(line) {
      const token = mentionToken(line);
      if (token === undefined) return [];
      const typed = token.slice(1);
      const all = [...lists].flatMap(([server, resources]) =>
        resources.map((r) => `@${server}:${r.template ? r.uri.slice(0, r.uri.indexOf('{')) : r.uri}`),
      );
      return [...new Set(all)]
        .filter((c) => c.slice(1).startsWith(typed) && typed !== '')
        .sort()
        .slice(0, COMPLETIONS_MAX);
    },
    async refresh(server) {
      const client = source.client(server);
      if (client === undefined) return void lists.delete(server);
      try {
        lists.set(server, await listResources(client, options.timeoutMs));
      } catch {
        lists.set(server, []);
      }
    },
    forget(server) {
      lists.delete(server);
    },
  };
}
