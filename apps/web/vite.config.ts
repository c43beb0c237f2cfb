import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { reporters, workers } from '../../vitest.shared';
import { deferredStyles } from './vite-plugins/deferred-styles';
import { precompress } from './vite-plugins/precompress';

export default defineConfig({
  plugins: [react(), deferredStyles(), precompress()],
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
      output: {
        codeSplitting: {
          // One chunk per language for all its message files (i18n/messages.ts loads the one shown).
          groups: [
            {
              name: (id) => {
                const language = id.match(/[\\/](?:i18n|messages)[\\/](uz|ru|en|id)\.json$/)?.[1];
                return language ? `messages-${language}` : null;
              },
            },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // antd pages render slowly in jsdom, and these 2-core machines lose up to a quarter of their CPU to their
    // neighbours (vmstat's "st"): a form round trip of 4 s on a quiet machine has taken 31 s in CI. The limit
    // catches a hanging test, not a slow one.
    testTimeout: 90_000,
    ...workers(),
    ...reporters('web'),
  },
});
