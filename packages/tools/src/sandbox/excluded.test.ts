import { describe, expect, it } from 'vitest';
import { excludedFromSandbox } from './options.js';

describe('excludedFromSandbox (settings sandbox.excludedCommands)', () => {
  it('matches a command that starts with a listed word or words, as whole words; `:*` is the same', () => {
    expect(excludedFromSandbox('docker ps', ['docker'])).toBe(true);
    expect(excludedFromSandbox('  docker', ['docker:*'])).toBe(true);
    expect(excludedFromSandbox('git push origin', ['git push'])).toBe(true);
    expect(excludedFromSandbox('dockerd', ['docker'])).toBe(false);
    expect(excludedFromSandbox('git status', ['git push'])).toBe(false);
    expect(excludedFromSandbox('echo docker', ['docker'])).toBe(false);
    expect(excludedFromSandbox('docker ps', undefined)).toBe(false);
    expect(excludedFromSandbox('docker ps', ['', ':*'])).toBe(false);
  });
});
