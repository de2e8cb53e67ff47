/**
 * Small stand-ins for the web `Headers`, `Response`, `FormData` and `ReadableStream` globals,
 * injected by build.mjs into the bundled bin only (esbuild `inject`/`define`), so that neither the
 * SDK's `new Headers()` nor anything else loads Node's undici or web streams at start-up (tens of
 * ms and MB, TOOLCHAIN.md). Headers and Response are the agent's own light classes (the model
 * client's fetch returns them in the library too). The library build keeps the real globals.
 */
import { LightHeaders, LightResponse } from '@coding-harness/agent';

const webReadableStream = (): typeof ReadableStream => Reflect.get(globalThis, 'ReadableStream') as typeof ReadableStream;

/**
 * What the bundle's `globalThis.ReadableStream` reads become (build.mjs `define`): reading Node's
 * global loads its web streams (milliseconds at start-up), and the SDK reads it on every request
 * only to test `body instanceof ReadableStream` against our byte bodies. `instanceof` answers
 * without loading anything for values that have no `getReader` (no web stream lacks one);
 * constructing, or testing something stream-like, uses the real class.
 */
export class LazyReadableStream {
  static [Symbol.hasInstance](value: unknown): boolean {
    return typeof (value as { getReader?: unknown } | null)?.getReader === 'function' && value instanceof webReadableStream();
  }

  constructor(...args: ConstructorParameters<typeof ReadableStream>) {
    return new (webReadableStream())(...args) as unknown as LazyReadableStream;
  }
}

/** Never constructed here: the SDK only tests `body instanceof FormData` (we send JSON strings). */
export class LightFormData {}

export { LightHeaders as Headers, LightResponse as Response, LightFormData as FormData };
