import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'ledger',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // The Merkle tests check every leaf of every tree size against the reference: seconds of
    // hashing, longer while the rest of the suite shares the cores.
    testTimeout: 30_000,
  },
});
