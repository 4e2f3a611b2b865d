import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // jsdom and the charts take seconds on a busy machine; a test fails on what it asserts, not
    // because a shared CI machine was slow.
    testTimeout: 15_000,
    // Times in the reader's zone are named ('10:00 AM UTC'): every machine reads them in one zone.
    env: { TZ: 'UTC' },
  },
});
