import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One `npm test` runs every workspace's tests; each workspace keeps its own environment.
export default defineConfig({
  test: {
    // Test files mostly wait on jsdom or the embedded database, so a worker per core keeps every
    // core busy; the default leaves one core to the idle main process.
    maxWorkers: availableParallelism(),
    projects: [
      'packages/shared',
      'packages/ledger',
      'apps/server',
      'apps/web',
      { test: { name: 'tools', include: ['tools/**/*.test.ts'], environment: 'node' } },
      // The build and cluster scripts; the cluster's own run needs PostgreSQL and HAProxy.
      {
        test: {
          name: 'scripts',
          include: ['scripts/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
    ],
  },
});
