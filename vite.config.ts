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
  },
  server: {
    port: 5173,
    // `npm run dev`: the API server runs beside Vite on API_PORT.
    proxy: { '/api': `http://127.0.0.1:${process.env.API_PORT ?? '5000'}` },
  },
});
