import { describe, expect, it } from 'vitest';
import { DrawGate } from './draw-gate.js';

const settled = async (p: Promise<void>): Promise<boolean> => {
  let done = false;
  void p.then(() => (done = true));
  await new Promise((r) => setImmediate(r));
  return done;
};

describe('DrawGate', () => {
  it('a question waits until its approval_requested has been drawn', async () => {
    const gate = new DrawGate();
    const first = gate.next();
    expect(await settled(first)).toBe(false);
    gate.drawn();
    expect(await settled(first)).toBe(true);
  });

  it('a question whose event was drawn already goes ahead at once; the next one waits for its own', async () => {
    const gate = new DrawGate();
    gate.drawn();
    expect(await settled(gate.next())).toBe(true);
    const second = gate.next();
    expect(await settled(second)).toBe(false);
    gate.drawn();
    expect(await settled(second)).toBe(true);
  });

  it('an abort or a new turn releases a waiting question', async () => {
    const gate = new DrawGate();
    const controller = new AbortController();
    const waiting = gate.next(controller.signal);
    controller.abort();
    expect(await settled(waiting)).toBe(true);
    const stale = gate.next();
    gate.reset();
    expect(await settled(stale)).toBe(true);
  });
});
