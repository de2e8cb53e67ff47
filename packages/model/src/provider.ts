/**
 * The seam under the loop: a provider streams neutral replies for neutral requests and describes
 * its models; a registry picks the provider for a model id. The loop knows this interface only.
 */
import type { ModelDescriptor } from './descriptor.js';
import type { ModelRequest } from './request.js';
import type { ModelEvent } from './stream.js';

export interface ModelProvider {
  /** `anthropic`, `scripted`, ...: what descriptors name in `provider`. */
  readonly id: string;
  /** The ids this provider serves by name (its catalogue), newest families first. */
  models(): readonly string[];
  /** True when this provider serves `id` (its catalogue, or an id of its family it can still try). */
  serves(id: string): boolean;
  /** The descriptor of `id`: the catalogue's row, or conservative defaults with `known: false`. Never throws. */
  describe(id: string): ModelDescriptor;
  /**
   * Optional: the model id a short name stands for here (Claude Code's `sonnet`, `opus`, `haiku`
   * in a skill's `model:`), or undefined when the name is not one of this provider's aliases.
   */
  alias?(name: string): string | undefined;
  /**
   * Streams one request. Never throws: every failure is an `error` event, and the stream always
   * ends with one `done` or `error`. Aborting `signal` ends it with an `aborted` error.
   */
  stream(request: ModelRequest, signal: AbortSignal): AsyncIterable<ModelEvent>;
  /** Optional exact input token count of a request (compaction reports it). */
  countTokens?(request: Omit<ModelRequest, 'maxTokens'>, signal: AbortSignal): Promise<number>;
  /** Optional: open the connection now, while the user types (nothing happens when it cannot). */
  preconnect?(): void;
  /** Ends open connections; the provider is not used after it. */
  close?(): Promise<void>;
}

/** The providers of a session, and which serves which model. */
export interface ProviderRegistry {
  readonly providers: readonly ModelProvider[];
  /**
   * The provider for `id` (a `provider/model` id names it; otherwise the first that serves it,
   * else the default, the first registered) and the model's descriptor.
   */
  resolve(id: string): { provider: ModelProvider; descriptor: ModelDescriptor; model: string };
  /** Every model id any provider serves by name, providers in registration order. */
  models(): string[];
  /** The model id an alias stands for, from the first provider that knows it; undefined when none does. */
  alias(name: string): string | undefined;
}

/** A registry over `providers`; the first is the default for ids nobody claims. Throws on none or a repeated id (a programmer error). */
export function createProviderRegistry(providers: readonly ModelProvider[]): ProviderRegistry {
  if (providers.length === 0) throw new TypeError('createProviderRegistry: no providers');
  const byId = new Map<string, ModelProvider>();
  for (const p of providers) {
    if (byId.has(p.id)) throw new TypeError(`createProviderRegistry: provider ${p.id} registered twice`);
    byId.set(p.id, p);
  }
  const fallback = providers[0] as ModelProvider;
  return {
    providers,
    resolve(id) {
      const slash = id.indexOf('/');
      const named = slash > 0 ? byId.get(id.slice(0, slash)) : undefined;
      const model = named ? id.slice(slash + 1) : id;
      const provider = named ?? providers.find((p) => p.serves(model)) ?? fallback;
      return { provider, descriptor: provider.describe(model), model };
    },
    models: () => providers.flatMap((p) => p.models()),
    alias(name) {
      for (const p of providers) {
        const id = p.alias?.(name);
        if (id !== undefined) return id;
      }
      return undefined;
    },
  };
}
