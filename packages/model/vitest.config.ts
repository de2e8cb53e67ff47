import { defineConfig } from 'vitest/config';
import { sourceConditions, testDefaults } from '../../vitest.shared.js';

export default defineConfig({
  ...sourceConditions,
  test: { ...testDefaults, include: ['src/**/*.test.ts'] },
});
