import { defineConfig } from 'vitest/config';
import { testDefaults } from '../../vitest.shared.js';

export default defineConfig({ test: { ...testDefaults, include: ['src/**/*.test.ts'] } });
