/**
 * The body of a streamed Messages API request, built from per-object JSON kept across requests.
 * A session's requests repeat the same system blocks, tools and (all but the newest one or two)
 * messages, so re-serialising the whole transcript each time makes a request's cost grow with the
 * session. Objects are cached by identity: a cached object must not be modified afterwards, which
 * holds for the transcript (messages are replaced, never edited, once appended) and for the
 * session's fixed system and tools.
 */
import type { ModelRequest } from './model-client.js';

const cache = new WeakMap<object, string>();

function cachedJson(value: object): string {
  let json = cache.get(value);
  if (json === undefined) {
    json = JSON.stringify(value);
    cache.set(value, json);
  }
  return json;
}

function messagesJson(messages: ModelRequest['messages']): string {
  let out = '[';
  for (let i = 0; i < messages.length; i++) out += (i === 0 ? '' : ',') + cachedJson(messages[i] as object);
  return `${out}]`;
}

/**
 * `JSON.stringify({ ...request, stream: true })`, byte for byte (same keys, same order, undefined
 * values left out), without re-serialising objects it has serialised before.
 */
export function streamRequestJson(request: ModelRequest): string {
  let out = '{';
  for (const [key, value] of Object.entries(request)) {
    if (key === 'stream' || value === undefined) continue;
    let json: string | undefined;
    if (key === 'messages' && Array.isArray(value)) json = messagesJson(value as ModelRequest['messages']);
    else if ((key === 'system' || key === 'tools') && Array.isArray(value)) json = cachedJson(value);
    else json = JSON.stringify(value) as string | undefined;
    if (json === undefined) continue;
    out += `${out === '{' ? '' : ','}${JSON.stringify(key)}:${json}`;
  }
  return `${out}${out === '{' ? '' : ','}"stream":true}`;
}
