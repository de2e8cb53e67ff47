import { defineConfig } from 'vitest/config';
import { sourceConditions, spawnsProcesses, testDefaults } from '../../vitest.shared.js';

export default defineConfig({
  ...sourceConditions,
  // Many of these tests run bash through the tools, and some a child harness.
  test: { ...testDefaults, ...spawnsProcesses, include: ['src/**/*.test.ts'] },
});
