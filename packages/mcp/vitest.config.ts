import { defineConfig } from 'vitest/config';
import { sourceConditions, spawnsProcesses, testDefaults } from '../../vitest.shared.js';

export default defineConfig({
  ...sourceConditions,
  test: { ...testDefaults, ...spawnsProcesses, include: ['src/**/*.test.ts'] },
});
