/**
 * The promise's value, or `aborted` as soon as the signal fires (the work itself is left to
 * finish; only the wait ends). For waits that cannot take a signal themselves: a file read in
 * flight, a person's answer to a question.
 */
export function raceAbort<T, A>(work: Promise<T>, signal: AbortSignal, aborted: A): Promise<T | A> {
  if (signal.aborted) return Promise.resolve(aborted);
  return new Promise((resolve, reject) => {
    const onAbort = (): void => resolve(aborted);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (err: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(err instanceof Error ? err : new Error(String(err)));
      },
    );
  });
}
