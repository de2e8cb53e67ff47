/** The session's tests run the agent package's current sources, never a stale `dist/` build. */
import * as fromPackage from '@coding-harness/agent';
import { expect, it } from 'vitest';
import * as fromSource from '../../agent/src/index.js';

it('imports @coding-harness/agent from its sources (the same module as ../../agent/src)', () => {
  expect(fromPackage.createAgent).toBe(fromSource.createAgent);
});
