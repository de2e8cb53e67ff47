/**
 * What `harness -p` sends: the prompt, piped stdin, or both (Claude Code's behaviour: with
 * `cat err.log | claude -p "explain"` the piped text follows the prompt in the same message;
 * when no byte arrives on stdin within a few seconds it goes on with the prompt alone and says
 * so); and, with `--input-format stream-json`, Claude Code's user-message lines, one turn each.
 */
import { UsageError } from '@coding-harness/session';
import type { CliIo } from './io.js';

/** How long `-p PROMPT` waits for the first byte of a piped stdin before going on without it. */
export const STDIN_WAIT_MS = 3000;

export const STDIN_TIMEOUT_NOTE = `harness: no input on stdin after ${STDIN_WAIT_MS / 1000} s; going on with the prompt alone (redirect < /dev/null to skip stdin)`;

type Stdin = CliIo['stdin'];

/** The prompt and piped stdin as one message: the prompt, a newline, then what was piped (trimmed). */
export function combinePrompt(prompt: string | undefined, piped: string): string {
  const extra = piped.trim();
  if (prompt === undefined || prompt.trim() === '') return extra;
  return extra === '' ? prompt : `${prompt}\n${extra}`;
}

/**
 * Reads stdin to its end; with `waitMs`, gives up (undefined) when no first byte arrives in
 * time, and stops reading so the stream holds nothing open.
 */
async function readPiped(stdin: Stdin, waitMs: number | undefined): Promise<string | undefined> {
  const parts: Buffer[] = [];
  let gotData = false;
  return new Promise((resolve, reject) => {
    const timer =
      waitMs === undefined
        ? undefined
        : setTimeout(() => {
            if (gotData) return;
            done();
            stdin.pause();
            resolve(undefined);
          }, waitMs);
    const onData = (chunk: Buffer | string): void => {
      gotData = true;
      parts.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
    };
    const onEnd = (): void => {
      done();
      resolve(Buffer.concat(parts).toString('utf8'));
    };
    const onError = (err: Error): void => {
      done();
      reject(err);
    };
    function done(): void {
      if (timer) clearTimeout(timer);
      stdin.off('data', onData);
      stdin.off('end', onEnd);
      stdin.off('error', onError);
    }
    stdin.on('data', onData);
    stdin.on('end', onEnd);
    stdin.on('error', onError);
  });
}

/**
 * The text of a `-p` run (`--input-format text`): the prompt, plus stdin when it is not a
 * terminal. A UsageError when there is nothing to send. `note` receives the stderr line when
 * stdin stayed silent and the prompt went alone.
 */
export async function printPrompt(
  prompt: string | undefined,
  stdin: Stdin,
  note: (line: string) => void,
  waitMs = STDIN_WAIT_MS,
): Promise<string | UsageError> {
  if (stdin.isTTY) {
    if (prompt !== undefined) return prompt;
    return new UsageError('-p needs a prompt: harness -p "PROMPT", or pipe one in: echo PROMPT | harness -p');
  }
  const piped = await readPiped(stdin, prompt === undefined ? undefined : waitMs);
  if (piped === undefined) note(STDIN_TIMEOUT_NOTE);
  const text = combinePrompt(prompt, piped ?? '');
  if (text !== '') return text;
  return new UsageError(prompt === undefined ? '-p got an empty prompt on stdin' : '-p got an empty prompt');
}

/**
 * One line of `--input-format stream-json`: `{"type":"user","message":{"role":"user","content":...}}`
 * with content a string or text blocks. Returns the turn's text, or a message naming the line.
 */
export function parseUserLine(line: string, lineNumber: number): string | UsageError {
  const where = `--input-format stream-json, line ${lineNumber}`;
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return new UsageError(`${where}: not JSON`);
  }
  const record = value as { type?: unknown; message?: { role?: unknown; content?: unknown } } | null;
  if (record?.type !== 'user' || record.message?.role !== 'user')
    return new UsageError(`${where}: expected {"type":"user","message":{"role":"user","content":...}}`);
  const content = record.message.content;
  if (typeof content === 'string') return content;
  if (!Array.isArray(content))
    return new UsageError(`${where}: message.content must be a string or an array of blocks`);
  const texts: string[] = [];
  for (const block of content as { type?: unknown; text?: unknown }[]) {
    if (block?.type !== 'text' || typeof block.text !== 'string')
      return new UsageError(`${where}: only text blocks are supported (got ${JSON.stringify(block?.type)})`);
    texts.push(block.text);
  }
  return texts.join('\n');
}

/** The non-blank lines of a stream as they arrive (the last one may lack its newline). */
export async function* lines(stdin: Stdin): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let rest = '';
  for await (const chunk of stdin) {
    rest += typeof chunk === 'string' ? chunk : decoder.decode(chunk as Buffer, { stream: true });
    let end = rest.indexOf('\n');
    while (end >= 0) {
      const line = rest.slice(0, end).trim();
      rest = rest.slice(end + 1);
      if (line !== '') yield line;
      end = rest.indexOf('\n');
    }
  }
  rest += decoder.decode();
  if (rest.trim() !== '') yield rest.trim();
}
