/**
 * `/mcp login NAME`: the OAuth login of a remote server, started from the REPL or the TUI. The
 * slash result carries the authorization URL to open (opened by the platform's opener only when
 * HARNESS_MCP_OAUTH_OPEN=1); the login then waits in the background for the browser to come back
 * to the loopback callback, and says how it ended as a notice before reconnecting the server.
 */
import { expandServer, oauthFile, oauthLogin, removeRecord } from '@coding-harness/mcp';
import { CREDENTIAL_ENV_NAMES } from '@coding-harness/tools';
import type { McpRuntime } from './runtime.js';

/** How the URL is opened; a test passes its own "browser". */
export type OpenUrl = (url: string) => void;

/** The platform's opener, detached (a browser outlives nothing of ours). */
export function platformOpener(platform: NodeJS.Platform = process.platform): OpenUrl {
  const [command, ...pre] =
    platform === 'darwin' ? ['open'] : platform === 'win32' ? ['cmd', '/c', 'start', '""'] : ['xdg-open'];
  return (url) => {
    // Loaded here, not at import: the bins bundle this file, and a run that opens no browser must
    // not load node:child_process (the start-up module tests check it).
    void import('node:child_process').then(({ spawn }) => {
      const child = spawn(command ?? 'xdg-open', [...pre, url], { detached: true, stdio: 'ignore' });
      child.on('error', () => undefined);
      child.unref();
    });
  };
}

/** What the environment allows: the platform's opener only when HARNESS_MCP_OAUTH_OPEN=1, else the URL is only shown. */
export function loginDepsFromEnv(env: Readonly<Record<string, string | undefined>>): LoginDeps {
  return env.HARNESS_MCP_OAUTH_OPEN === '1' ? { open: platformOpener() } : {};
}

const running = new WeakMap<McpRuntime, Set<string>>();

export interface LoginDeps {
  open?: OpenUrl;
  /** How long the callback is waited for; default 5 minutes. */
  timeoutMs?: number;
}

/** The remote server's URL and token file, or why it has none. */
function remote(runtime: McpRuntime, name: string): { url: string; file: string } | string {
  const server = runtime.server(name);
  if (server === undefined) return `no MCP server ${name} in this session`;
  if (server.config.type === 'stdio') return `${name} is a stdio server: OAuth login is for http and sse servers`;
  if (runtime.oauthDir === undefined) return 'this session keeps no OAuth tokens (no home directory)';
  const expanded = expandServer(server.config, runtime.env, CREDENTIAL_ENV_NAMES);
  if (!expanded.ok) return `MCP server ${name} (${server.source}): ${expanded.message}`;
  if (expanded.config.type === 'stdio') return `${name} is a stdio server`;
  return { url: expanded.config.url, file: oauthFile(runtime.oauthDir, expanded.config.url) };
}

/** `/mcp logout NAME`: forgets the server's client and tokens and reconnects (it then needs a login). */
export async function mcpLogout(runtime: McpRuntime, name: string): Promise<string> {
  const found = remote(runtime, name);
  if (typeof found === 'string') return found;
  await removeRecord(found.file);
  await runtime.reconnect(name);
  return `logged out of ${name} (removed ${found.file})`;
}

/** Resolves with the message for the slash result; the login itself may go on after it. */
export async function mcpLogin(runtime: McpRuntime, name: string, deps: LoginDeps = {}): Promise<string> {
  const found = remote(runtime, name);
  if (typeof found === 'string') return found;
  const busy = running.get(runtime) ?? new Set<string>();
  running.set(runtime, busy);
  if (busy.has(name)) return `a login to ${name} is already waiting for the browser`;
  busy.add(name);
  const serverUrl = found.url;
  let showUrl: (url: string) => void = () => undefined;
  const shown = new Promise<string>((resolve) => {
    showUrl = resolve;
  });
  const login = oauthLogin({
    serverUrl,
    file: found.file,
    ...(deps.timeoutMs !== undefined ? { timeoutMs: deps.timeoutMs } : {}),
    onAuthorizationUrl: (url) => {
      showUrl(url);
      // The URL comes from the server's metadata: only a web page is handed to the opener.
      if (/^https?:\/\//i.test(url)) deps.open?.(url);
    },
  });
  const finished = login.then(async (result) => {
    busy.delete(name);
    if (!result.ok) {
      runtime.notice(result.message);
      return result.message;
    }
    runtime.notice(`MCP server ${name}: logged in; reconnecting`);
    await runtime.reconnect(name);
    return `MCP server ${name}: logged in`;
  });
  const first = await Promise.race([shown.then((url) => ({ url })), finished.then((done) => ({ done }))]);
  if ('done' in first) return first.done;
  return `log in to ${name}: open ${first.url} in a browser${deps.open ? ' (opened)' : ''}; waiting for it on 127.0.0.1`;
}
