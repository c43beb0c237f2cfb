import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { reporters } from '../../vitest.shared';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      // The rc-component packages (antd's internals) are pure but do not say so; without
      // this, every antd Input brings the whole form library to the log-in page (~16 KB
      // gzipped). If an antd upgrade misbehaves only in production builds, drop this first.
      treeshake: {
        moduleSideEffects: [{ test: /node_modules\/@rc-component\//, sideEffects: false }],
      },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // antd pages render slowly in jsdom; on a busy 2-core machine 5 s is not enough for a form round trip.
    testTimeout: 30_000,
    ...reporters('web'),
  },
});
