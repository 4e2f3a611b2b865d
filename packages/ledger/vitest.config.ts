import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'ledger', include: ['src/**/*.test.ts'], environment: 'node' },
});
