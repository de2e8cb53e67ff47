import { describe, expect, it } from 'vitest';
import { randomBase64Url, randomHex, toolUseId } from './random-id.js';
import { newSessionId } from './session-store.js';

describe('random ids', () => {
  it('have the requested length and alphabet', () => {
    expect(randomHex(8)).toMatch(/^[0-9a-f]{8}$/);
    expect(randomBase64Url(16)).toMatch(/^[A-Za-z0-9_-]{16}$/);
  });

  it('do not repeat over many draws (tool_use ids of a long session, session ids of one millisecond)', () => {
    const ids = new Set(Array.from({ length: 20_000 }, () => toolUseId()));
    expect(ids.size).toBe(20_000);
    const now = new Date('2026-11-30T08:00:00.000Z');
    const sessions = new Set(Array.from({ length: 2_000 }, () => newSessionId(now)));
    expect(sessions.size).toBe(2_000);
    expect([...sessions][0]).toMatch(/^2026-11-30T08-00-00-000Z-[0-9a-f]{8}$/);
  });

  it("tool_use ids look like the API's", () => {
    expect(toolUseId()).toMatch(/^toolu_[A-Za-z0-9_-]{16}$/);
  });
});
