/**
 * Bounds a silent stream. The SDK's timeout stops at the response headers; after them nothing
 * limits how long a reply may send no byte, so a stalled connection would hang a turn for good.
 * Each streamed request gets an `IdleWatch`, armed when the headers arrive and reset by every
 * chunk of the body (the API's `ping` events count: the SDK drops them before the transport sees
 * parsed events, so bytes are watched, not events). When it fires it aborts the request, and the
 * transport reports a `connection` failure, which the loop retries like a cut stream.
 */
import { LightHeaders, LightResponse } from './light-response.js';

/** The default: a few tens of seconds. Claude Code's 20 s watchdog is known to cut legitimate pauses in thinking. */
export const DEFAULT_STREAM_IDLE_TIMEOUT_MS = 60_000;

/** The key under which a request's watch rides in the fetch init (the SDK passes `fetchOptions` through). */
export const IDLE_WATCH = Symbol('coding-harness idle watch');

export class IdleWatch {
  private readonly controller = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  /** True once the body stayed silent for `ms`. */
  fired = false;

  constructor(readonly ms: number) {}

  /** Aborted when the watch fires. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** (Re)starts the countdown: the headers arrived, or a chunk of the body did. */
  touch(): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.fired = true;
      this.controller.abort(new Error(`no data for ${this.ms} ms`));
    }, this.ms);
    this.timer.unref?.();
  }

  /** Ends the watch (the stream finished or failed otherwise). */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }
}

type Fetch = typeof fetch;

/**
 * `base` (or, when absent, the global fetch at call time, as the SDK would use), answering a
 * request that carries an `IdleWatch` in its init with a response whose body touches the watch
 * on every chunk. Other requests pass through untouched.
 */
export function watchedFetch(base: Fetch | undefined): Fetch {
  return async (input, init) => {
    const found = (init as Record<symbol, unknown> | undefined)?.[IDLE_WATCH];
    const res = await (base ?? globalThis.fetch)(input, init);
    if (!(found instanceof IdleWatch) || res.body === null) return res;
    const watch = found;
    watch.touch();
    const body = res.body as unknown as AsyncIterable<Uint8Array>;
    async function* touching(): AsyncGenerator<Uint8Array> {
      for await (const chunk of body) {
        watch.touch();
        yield chunk;
      }
    }
    // What the SDK reads of a response (pinned by sdk-contract.test.ts), over the same body.
    const headers = res.headers instanceof LightHeaders ? res.headers : new LightHeaders(res.headers);
    return new LightResponse(touching(), {
      status: res.status,
      statusText: res.statusText,
      headers,
    }) as unknown as Response;
  };
}
