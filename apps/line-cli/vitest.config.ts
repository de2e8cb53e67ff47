import { defineConfig } from 'vitest/config';
import { sourceConditions, spawnsProcesses, testDefaults } from '../../vitest.shared.js';

export default defineConfig({
  ...sourceConditions,
  // Most of these tests spawn the built bin (in tmux for the terminal ones) beside a mock server.
  test: {
    ...testDefaults,
    ...spawnsProcesses,
    include: ['src/**/*.test.ts'],
    globalSetup: ['./vitest.global-setup.ts'],
  },
});
