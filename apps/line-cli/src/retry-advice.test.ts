import { describe, expect, it } from 'vitest';
import { retryAdvice } from './retry-advice.js';

describe('after the last retry', () => {
  it('says how many attempts were made and what to try for the kind of failure', () => {
    expect(retryAdvice('rate limited (429): slow down', 5)).toBe(
      'gave up after 5 attempts: wait a minute, then send the message again (Up recalls it)',
    );
    expect(retryAdvice('the API is overloaded (529)', 5)).toContain('try another model with /model');
    expect(retryAdvice('the connection failed: ECONNREFUSED 127.0.0.1:9', 3)).toContain('ANTHROPIC_BASE_URL');
    expect(retryAdvice('something new', 2)).toBe(
      'gave up after 2 attempts: send the message again later (Up recalls it)',
    );
  });
});
