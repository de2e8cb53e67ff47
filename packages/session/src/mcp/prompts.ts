/**
 * MCP servers' prompts as slash commands, named as Claude Code names them:
 * `/mcp__<server>__<prompt> args`. Each connected server's `prompts/list` is kept (fetched again
 * when it says the list changed) for `/help`, completion and routing; running one binds the
 * typed words to the prompt's arguments in order and turns its `prompts/get` result into the
 * user's message for the turn. A prompt of a server still starting waits for it.
 */
import { bindArguments, getPrompt, listPrompts, promptUsage } from '@coding-harness/mcp';
import type { McpClient, McpPromptInfo } from '@coding-harness/mcp';
import type { ResultPart } from '@coding-harness/model';
import type { SlashCommandInfo } from '@coding-harness/protocol';
import { sanitize } from '../sanitize.js';
import type { SlashRoute } from '../slash.js';

/** What the prompts need of the session's servers (the manager). */
export interface McpUxSource {
  /** The names of the servers this session started. */
  servers(): readonly string[];
  client(name: string): McpClient | undefined;
  /** Resolves once the server has connected or failed. */
  settled(name: string): Promise<void>;
}

export interface McpPrompts {
  /** The commands, for `/help` and completion menus (`args` is the usage, e.g. `<city> [state]`). */
  commands(): SlashCommandInfo[];
  /** The route of a `/mcp__server__…` line; undefined for any other line. */
  route(text: string): SlashRoute | undefined;
  /** The user's message a prompt line stands for; undefined for any other line; a message when it cannot run. */
  expand(
    text: string,
  ): Promise<{ ok: true; text: string; parts: ResultPart[] } | { ok: false; message: string } | undefined>;
  /** Fetches the server's prompts again (it connected, or said its list changed). */
  refresh(server: string): Promise<void>;
  /** The server went away: its prompts are no longer offered. */
  forget(server: string): void;
}

const clean = (text: string): string => text.replace(/[^A-Za-z0-9_-]/g, '_');

/** `mcp__<server>__<prompt>`, every character outside `[A-Za-z0-9_-]` as `_` (as tool names). */
export function promptCommandName(server: string, prompt: string): string {
  return `mcp__${clean(server)}__${clean(prompt)}`;
}

const LINE = /^\s*\/(mcp__\S+)(?:\s+([\s\S]*))?$/;

export function createMcpPrompts(source: McpUxSource, options: { timeoutMs: number; maxChars: number }): McpPrompts {
  const lists = new Map<string, McpPromptInfo[]>();
  /** The server a command word belongs to (the longest matching prefix), and the prompt, once listed. */
  const find = (word: string): { server: string; prompt?: McpPromptInfo } | undefined => {
    const server = [...source.servers()]
      .sort((a, b) => b.length - a.length)
      .find((s) => word.startsWith(`mcp__${clean(s)}__`));
    if (server === undefined) return undefined;
    const prompt = lists.get(server)?.find((p) => promptCommandName(server, p.name) === word);
    return { server, ...(prompt ? { prompt } : {}) };
  };
  const refresh = async (server: string): Promise<void> => {
    const client = source.client(server);
    if (client === undefined) return void lists.delete(server);
    try {
      lists.set(server, await listPrompts(client, options.timeoutMs));
    } catch {
      // A server that cannot list its prompts offers none (its tools still work).
      lists.set(server, []);
    }
  };
  const notFound = (word: string, server: string): string =>
    `/${word}: server ${server} has no such prompt, so nothing was sent; /help lists its prompts (${(lists.get(server) ?? []).length} now)`;
  return {
    commands: () =>
      [...lists].flatMap(([server, prompts]) =>
        // The server's words, on one line with no control characters (they reach menus and /help).
        prompts.map((p) => ({
          name: promptCommandName(server, p.name),
          aliases: [],
          args: sanitize(promptUsage(p), { multiline: false }),
          description: sanitize(`${p.description ?? p.title ?? p.name} (MCP prompt of ${server})`, {
            multiline: false,
          }),
        })),
      ),
    route(text) {
      const m = LINE.exec(text);
      if (!m) return undefined;
      const word = m[1] as string;
      const found = find(word);
      if (found === undefined) return undefined;
      // Not listed yet: the server may still be starting; sending waits for it and says what is wrong.
      if (found.prompt === undefined)
        return lists.has(found.server) ? { kind: 'unknown', message: notFound(word, found.server) } : { kind: 'text' };
      const bound = bindArguments(`/${word}`, found.prompt, m[2] ?? '');
      return bound.ok ? { kind: 'text' } : { kind: 'unknown', message: `${bound.message}; nothing was sent` };
    },
    async expand(text) {
      const m = LINE.exec(text);
      const word = m?.[1];
      if (word === undefined || find(word) === undefined) return undefined;
      const server = find(word)?.server as string;
      await source.settled(server);
      const client = source.client(server);
      if (client === undefined)
        return {
          ok: false,
          message: `/${word}: MCP server ${server} is not connected (/mcp shows why; /mcp reconnect ${server})`,
        };
      if (!lists.has(server)) await refresh(server);
      const prompt = find(word)?.prompt;
      if (prompt === undefined) return { ok: false, message: notFound(word, server) };
      const bound = bindArguments(`/${word}`, prompt, m?.[2] ?? '');
      if (!bound.ok) return { ok: false, message: bound.message };
      const got = await getPrompt(client, prompt.name, bound.args, options);
      if (!got.ok) return { ok: false, message: `/${word}: MCP server ${server} refused the prompt: ${got.message}` };
      if (got.message.text === '' && got.message.parts.length === 0)
        return { ok: false, message: `/${word}: the prompt came back empty, so nothing was sent` };
      return { ok: true, text: got.message.text, parts: got.message.parts };
    },
    refresh,
    forget(server) {
      lists.delete(server);
    },
  };
}
