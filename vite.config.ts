import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

export default defineConfig({
  root: 'src/client',
  publicDir: '../../public',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    // Maps are written for reading stack traces but no script points at them, and
    // scripts/move-source-maps.mjs takes them out of the served folder.
    sourcemap: 'hidden',
    // .vite/manifest.json: which chunks each page loads, read by scripts/check-bundle.mjs.
    manifest: true,
    // No modulepreload polyfill in the first chunk (about 0.4 KB of its 100 KB budget): every
    // browser of the build's target but Safari 16 supports modulepreload, and there a preload
    // hint is only ignored; the chunks still load when imported.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Chunks are named by their hash alone: the first chunk lists every lazily loaded chunk's
        // file name for its preloads, and the names (onboarding-step-page-…) cost about 0.3 KB of
        // its 100 KB gzip budget. The build's manifest still maps each chunk to its source.
        chunkFileNames: 'assets/[hash].js',
        codeSplitting: {
          groups: [
            // clsx stays in the one chunk with cn and tailwind-merge that every page loads first. The
            // progress page's charts (recharts) use clsx too; without this it is split into a chunk of
            // its own, one more request and its overhead before the first paint.
            { name: 'cn', test: /[\\/]node_modules[\\/](clsx|tailwind-merge)[\\/]|[\\/]src[\\/]client[\\/]lib[\\/]cn\.ts$/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    // `npm run dev`: the API server runs beside Vite on API_PORT.
    proxy: { '/api': `http://127.0.0.1:${process.env.API_PORT ?? '5000'}` },
  },
});
