import { randomInt } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `prefix` followed by `length` random base62 characters, e.g. `toolu_` + 24. */
export function randomId(prefix: string, length = 24): string {
  let out = prefix;
  for (let i = 0; i < length; i++) out += BASE62[randomInt(BASE62.length)];
  return out;
}
