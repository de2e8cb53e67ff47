import { defineConfig } from 'vitest/config';
import { spawnsProcesses, testDefaults } from '../../vitest.shared.js';

// Each test builds a bin and runs it as child processes.
export default defineConfig({ test: { ...testDefaults, ...spawnsProcesses, include: ['src/**/*.test.ts'] } });
