import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // Migrates and seeds the test databases once per run; each file then opens a copy.
    globalSetup: ['./src/test/global-setup.ts'],
    // Opening an embedded database still takes a few seconds when the machine is busy.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
