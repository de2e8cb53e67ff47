import { defineConfig } from 'vitest/config';
import { sourceConditions, spawnsProcesses, testDefaults } from '../../vitest.shared.js';

export default defineConfig({
  ...sourceConditions,
  // The bash, grep (rg) and no-hang tests spawn processes.
  test: { ...testDefaults, ...spawnsProcesses, include: ['src/**/*.test.ts'] },
});
