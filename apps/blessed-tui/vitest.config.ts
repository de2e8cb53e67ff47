import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['@coding-harness/source'] },
  test: { include: ['src/**/*.test.ts'], testTimeout: 20_000, globalSetup: ['./vitest.global-setup.ts'] },
});
