/**
 * What to try once the last retry failed too: the agent's error names what went wrong, the REPL
 * adds what the person can do about it, keyed on the reason of the last retry. Data, not branches.
 */
const ADVICE: ReadonlyArray<{ test: RegExp; say: string }> = [
  { test: /rate limit/i, say: 'wait a minute, then send the message again (Up recalls it)' },
  {
    test: /overloaded|the API failed|timed out|\b5\d\d\b/i,
    say: 'the API is having trouble: send the message again in a few minutes (Up recalls it), or try another model with /model',
  },
  {
    test: /connection|ECONN|ENOTFOUND|EAI_AGAIN|socket|network|fetch failed/i,
    say: 'check the network connection (and ANTHROPIC_BASE_URL, if it is set), then send the message again (Up recalls it)',
  },
];

const OTHERWISE = 'send the message again later (Up recalls it)';

/** The line shown under the error after `attempts` attempts whose last retry gave `reason`. */
export function retryAdvice(reason: string, attempts: number): string {
  const say = ADVICE.find((a) => a.test.test(reason))?.say ?? OTHERWISE;
  return `gave up after ${attempts} attempts: ${say}`;
}
