import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// In CI the runners also write JSON so .ci/run can print one "N passed, N failed" line.
const reporters = process.env.CI ? ['default', ['json', { outputFile: 'test-results/vitest.json' }]] : ['default'];

export default defineConfig({
  plugins: [react()],
  test: {
    reporters: reporters as never,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['src/server/**/*.test.ts', 'src/shared/**/*.test.ts'],
          globalSetup: ['src/server/test/global-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'client',
          environment: 'happy-dom',
          include: ['src/client/**/*.test.tsx', 'src/client/**/*.test.ts'],
        },
      },
    ],
  },
});
