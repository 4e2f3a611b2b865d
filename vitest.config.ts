import { defineConfig } from 'vitest/config';

// One `npm test` runs every workspace's tests; each workspace keeps its own environment.
export default defineConfig({
  test: {
    projects: [
      'packages/shared',
      'apps/server',
      'apps/web',
      { test: { name: 'tools', include: ['tools/**/*.test.ts'], environment: 'node' } },
    ],
  },
});
