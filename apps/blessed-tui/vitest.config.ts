import { defineConfig } from 'vitest/config';
import { sourceConditions, spawnsProcesses, testDefaults } from '../../vitest.shared.js';

export default defineConfig({
  ...sourceConditions,
  // The CLI and tmux tests spawn the built bin beside a mock server, in a tmux server each.
  test: {
    ...testDefaults,
    ...spawnsProcesses,
    include: ['src/**/*.test.ts'],
    globalSetup: ['./vitest.global-setup.ts'],
  },
});
