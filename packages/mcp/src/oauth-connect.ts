/**
 * OAuth on a plain connection (no login running): the stored tokens are sent and refreshed by the
 * SDK when the server answers 401; when only a browser login would help, the connection fails with
 * `NeedsLoginError` and the server's state becomes "needs authentication" instead of waiting on a
 * browser nobody opened.
 */
import type { ServerConfig } from './config/types.js';
import { FileOAuthProvider } from './oauth-provider.js';
import { oauthFile } from './oauth-store.js';
import { NeedsLoginError, needsLogin } from './oauth-errors.js';

export { needsLogin };

/** The SDK's unauthorized failure as `NeedsLoginError`; other errors unchanged. */
export function asNeedsLogin(error: unknown, config: ServerConfig): unknown {
  if (config.type === 'stdio' || needsLogin(error)) return error;
  const name = error instanceof Error ? error.name : '';
  const text = error instanceof Error ? error.message : String(error);
  if (name === 'UnauthorizedError' || /unauthori[sz]ed|\b401\b/i.test(text))
    return new NeedsLoginError(`needs authentication (${text})`);
  return error;
}

/** The transport's `authProvider` option for a remote server, when a token folder is configured. */
export function authFor(serverUrl: string, dir: string | undefined): { authProvider?: FileOAuthProvider } {
  if (dir === undefined) return {};
  return {
    authProvider: new FileOAuthProvider({
      serverUrl,
      file: oauthFile(dir, serverUrl),
      // No one is at a browser on a plain connection: no registration, no redirect; only stored tokens.
      onAuthorizationUrl: undefined,
    }),
  };
}
