import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // Each file opens its own database; PGlite's first open takes a few seconds.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
