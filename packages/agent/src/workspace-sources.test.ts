/** The agent's tests run the tools package's current sources, never a stale `dist/` build. */
import * as fromPackage from '@coding-harness/tools';
import { expect, it } from 'vitest';
import * as fromSource from '../../tools/src/index.js';

it('imports @coding-harness/tools from its sources (the same module as ../../tools/src)', () => {
  expect(fromPackage.createToolRegistry).toBe(fromSource.createToolRegistry);
});
