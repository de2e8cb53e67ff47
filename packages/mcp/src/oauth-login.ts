/**
 * One interactive login to an MCP server: a loopback listener, the SDK's `auth` (discovery,
 * dynamic registration, PKCE) up to the authorization URL, which the caller shows (and may open),
 * then the code from the callback exchanged for tokens saved 0600. Failures are values naming the
 * server and what to do.
 */
import { FileOAuthProvider } from './oauth-provider.js';
import { startLoopback } from './oauth-loopback.js';
import { loadSdk } from './sdk.js';

export interface LoginOptions {
  serverUrl: string;
  /** The token file (oauthFile(oauthDir(env, home), serverUrl)). */
  file: string;
  /** Shows the URL to the user (and opens it when allowed); tests fetch it as the browser. */
  onAuthorizationUrl: (url: string) => void;
  /** How long to wait for the browser; default 5 minutes. */
  timeoutMs?: number;
  signal?: AbortSignal;
}

export type LoginResult = { ok: true } | { ok: false; message: string };

export async function oauthLogin(options: LoginOptions): Promise<LoginResult> {
  const { sdk } = await loadSdk();
  const loopback = await startLoopback();
  const provider = new FileOAuthProvider({
    serverUrl: options.serverUrl,
    file: options.file,
    redirectUrl: loopback.redirectUrl,
    onAuthorizationUrl: (url) => options.onAuthorizationUrl(url.href),
  });
  const where = `MCP server at ${options.serverUrl}`;
  try {
    // A fresh login: old tokens are not reused (they are why the user asked to log in again).
    await provider.invalidateCredentials('tokens');
    const first = await sdk.auth(provider, { serverUrl: options.serverUrl });
    if (first === 'AUTHORIZED') return { ok: true };
    const back = await loopback.wait(provider.state(), options.timeoutMs ?? 300_000, options.signal);
    if (!back.ok) return { ok: false, message: `${where}: login failed: ${back.message}` };
    const second = await sdk.auth(provider, { serverUrl: options.serverUrl, authorizationCode: back.code });
    return second === 'AUTHORIZED' ? { ok: true } : { ok: false, message: `${where}: the code was not accepted` };
  } catch (error) {
    return { ok: false, message: `${where}: login failed: ${error instanceof Error ? error.message : String(error)}` };
  } finally {
    await loopback.close();
  }
}
