/**
 * Random identifiers (session ids, tool_use ids) from Math.random, not node:crypto: loading
 * node:crypto costs every start-up several milliseconds, and these ids need uniqueness within one
 * machine's sessions and one transcript, not secrecy. V8 seeds Math.random from the OS's entropy
 * per process; session ids also carry the time and are created with an exclusive open.
 */
const HEX = '0123456789abcdef';
const URL_SAFE = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

function randomChars(alphabet: string, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[Math.floor(Math.random() * alphabet.length)];
  return out;
}

/** `length` random lower-case hex digits. */
export function randomHex(length: number): string {
  return randomChars(HEX, length);
}

/** `length` random base64url characters. */
export function randomBase64Url(length: number): string {
  return randomChars(URL_SAFE, length);
}

/** A fresh tool_use id in the API's style (for a call the agent makes itself). */
export function toolUseId(): string {
  return `toolu_${randomBase64Url(16)}`;
}
