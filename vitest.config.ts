import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // two files at a time on a 2-core machine: most tests wait on the service, child processes and the
    // disk rather than the CPU (vitest's default takes one fewer than the cores, here one)
    maxWorkers: 2,
  },
});
