import { describe, expect, it } from 'vitest';
import { connectionError, isLoopbackUrl } from './api-errors.js';

const refused = Object.assign(new Error('connect failed'), { cause: { code: 'ECONNREFUSED' } });

describe('a refused connection', () => {
  it('to a loopback address fails at once: not retried, naming the URL', () => {
    for (const url of ['http://127.0.0.1:4000', 'http://localhost:8080/v1', 'http://[::1]:9', 'https://127.8.0.1']) {
      expect(isLoopbackUrl(url)).toBe(true);
      const error = connectionError(refused, url);
      expect(error).toMatchObject({ kind: 'connection', retryable: false });
      expect(error.message).toContain(url);
    }
  });

  it('to any other host keeps the retry plan (a restart or a blip passes)', () => {
    for (const url of ['https://api.anthropic.com', 'http://10.0.0.5:4000', 'http://localhost.example.com', undefined])
      expect(isLoopbackUrl(url)).toBe(false);
    const error = connectionError(refused, 'http://10.0.0.5:4000');
    expect(error.kind).toBe('connection');
    expect(error.retryable).toBeUndefined();
    expect(error.message).toContain('connection refused');
  });
});
