/**
 * Small stand-ins for the web `Headers`, `Response`, `FormData` and `ReadableStream` globals,
 * injected into the bin bundles only (esbuild `inject`, and `define` for
 * `globalThis.ReadableStream`), so that neither the SDK's `new Headers()` nor anything else loads
 * Node's undici or web streams at start-up (tens of ms and MB). Headers and Response are the
 * Anthropic provider's own light classes (its light fetch returns them in the library too). The library
 * build keeps the real globals. sdk-globals.test.ts checks that the bundled SDK reads no other
 * web global, so an SDK upgrade that starts to fails there.
 */
// The module itself, not the provider's index: this file is injected into every module of the
// bundle, so importing an index would run the provider's transport (node:http and more) at
// start-up even for `--version`; light-response.js imports nothing.
import { LightHeaders, LightResponse } from '../../../packages/model/dist/providers/anthropic/light-response.js';

const webReadableStream = () => Reflect.get(globalThis, 'ReadableStream');

/**
 * What the bundle's `globalThis.ReadableStream` reads become: reading Node's global loads its
 * web streams (milliseconds at start-up), and the SDK reads it on every request only to test
 * `body instanceof ReadableStream` against our byte bodies. `instanceof` answers without
 * loading anything for values that have no `getReader` (no web stream lacks one); constructing,
 * or testing something stream-like, uses the real class.
 */
export class LazyReadableStream {
  static [Symbol.hasInstance](value) {
    return typeof value?.getReader === 'function' && value instanceof webReadableStream();
  }

  constructor(...args) {
    return new (webReadableStream())(...args);
  }
}

/** Never constructed here: the SDK only tests `body instanceof FormData` (we send JSON strings). */
export class LightFormData {}

export { LightHeaders as Headers, LightResponse as Response, LightFormData as FormData };
