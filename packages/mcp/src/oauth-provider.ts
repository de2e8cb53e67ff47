/**
 * The SDK's `OAuthClientProvider` over the token file (oauth-store.ts): dynamic client
 * registration kept, the PKCE verifier kept in memory for the one login it belongs to, tokens
 * saved 0600 whenever the SDK obtains or refreshes them. Where the browser goes is the caller's
 * business (`onAuthorizationUrl`): a login shows the URL, a plain connection only learns that
 * the server needs one.
 */
import type * as Crypto from 'node:crypto';
import { createRequire } from 'node:module';
import type {
  OAuthClientMetadata,
  OAuthDiscoveryState,
  OAuthClientProvider,
  StoredOAuthClientInformation,
  StoredOAuthTokens,
} from '@modelcontextprotocol/client';
import type { OAuthRecord } from './oauth-store.js';
import { readRecord, removeRecord, writeRecord } from './oauth-store.js';
import { NeedsLoginError } from './oauth-errors.js';

// Required on first use, never at import: the bins bundle this package, and a run that logs in
// to no server must not load node:crypto (the start-up module tests check it).
const crypto = (): typeof Crypto => createRequire(import.meta.url)('node:crypto') as typeof Crypto;

export interface ProviderOptions {
  serverUrl: string;
  /** The server's token file (oauthFile). */
  file: string;
  /** The loopback callback of a login in progress; absent for a plain connection. */
  redirectUrl?: string;
  /**
   * The SDK wants the user at this URL (a login shows it). Absent on a plain connection: there
   * the SDK's wish to register or redirect fails with `NeedsLoginError` (nobody is at a browser).
   */
  onAuthorizationUrl: ((url: URL) => void) | undefined;
  clientName?: string;
}

/** A redirect URI a connection registers with when no login is running (never listened on). */
const PLACEHOLDER_REDIRECT = 'http://127.0.0.1/callback';

export class FileOAuthProvider implements OAuthClientProvider {
  readonly #options: ProviderOptions;
  #record: OAuthRecord | undefined;
  #loaded = false;
  #verifier: string | undefined;
  /** Discovery of the login in progress, kept with the verifier (the callback leg checks the issuer against it). */
  #discovery: OAuthDiscoveryState | undefined;
  readonly #state = crypto().randomBytes(16).toString('hex');

  constructor(options: ProviderOptions) {
    this.#options = options;
  }

  get redirectUrl(): string {
    return this.#options.redirectUrl ?? this.#registeredRedirect() ?? PLACEHOLDER_REDIRECT;
  }

  get clientMetadata(): OAuthClientMetadata {
    // Read to register (and on refresh): a plain connection with no registered client never registers.
    if (this.#record?.client === undefined) this.#interactive('register this client');
    return {
      client_name: this.#options.clientName ?? 'coding-harness',
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }

  /** The `state` sent with the authorization request; the loopback callback must echo it. */
  state(): string {
    return this.#state;
  }

  async #load(): Promise<OAuthRecord> {
    if (!this.#loaded) {
      const read = await readRecord(this.#options.file);
      if (!read.ok) throw new Error(read.message);
      this.#record = read.record;
      this.#loaded = true;
    }
    return this.#record ?? { serverUrl: this.#options.serverUrl };
  }

  async #save(change: Partial<OAuthRecord>): Promise<void> {
    const next = { ...(await this.#load()), ...change, serverUrl: this.#options.serverUrl };
    this.#record = next;
    await writeRecord(this.#options.file, next);
  }

  #registeredRedirect(): string | undefined {
    const uris = this.#record?.client?.redirect_uris;
    return Array.isArray(uris) && typeof uris[0] === 'string' ? uris[0] : undefined;
  }

  async clientInformation(): Promise<StoredOAuthClientInformation | undefined> {
    const client = (await this.#load()).client;
    if (client === undefined) return undefined;
    // A login listens on a new port each time: a client registered for another redirect registers again.
    const wanted = this.#options.redirectUrl;
    const uris = client.redirect_uris;
    if (wanted !== undefined && Array.isArray(uris) && !uris.includes(wanted)) return undefined;
    return client as unknown as StoredOAuthClientInformation;
  }

  #interactive(what: string): void {
    if (this.#options.onAuthorizationUrl === undefined)
      throw new NeedsLoginError(`needs authentication: the server asks to ${what}, which takes a browser login`);
  }

  async saveClientInformation(info: StoredOAuthClientInformation): Promise<void> {
    this.#interactive('register this client');
    await this.#save({ client: info as unknown as Record<string, unknown> });
  }

  async tokens(): Promise<StoredOAuthTokens | undefined> {
    return (await this.#load()).tokens as StoredOAuthTokens | undefined;
  }

  async saveTokens(tokens: StoredOAuthTokens): Promise<void> {
    const expiresIn = typeof tokens.expires_in === 'number' ? tokens.expires_in : undefined;
    await this.#save({
      tokens: tokens as unknown as Record<string, unknown>,
      ...(expiresIn !== undefined ? { expiresAt: Date.now() + expiresIn * 1000 } : {}),
    });
  }

  redirectToAuthorization(url: URL): void {
    this.#interactive('authorize');
    this.#options.onAuthorizationUrl?.(url);
  }

  saveDiscoveryState(state: OAuthDiscoveryState): void {
    this.#discovery = state;
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    return this.#discovery;
  }

  saveCodeVerifier(verifier: string): void {
    this.#verifier = verifier;
  }

  codeVerifier(): string {
    if (this.#verifier === undefined)
      throw new Error('no PKCE code verifier: the login was not started by this client');
    return this.#verifier;
  }

  async invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): Promise<void> {
    if (scope === 'verifier') return void (this.#verifier = undefined);
    if (scope === 'discovery') return void (this.#discovery = undefined);
    if (scope === 'all') {
      this.#record = undefined;
      this.#loaded = true;
      await removeRecord(this.#options.file);
      return;
    }
    const { client, tokens, expiresAt, ...rest } = await this.#load();
    const kept = scope === 'client' ? { ...rest, tokens, expiresAt } : { ...rest, client };
    this.#record = kept;
    await writeRecord(this.#options.file, kept);
  }
}
