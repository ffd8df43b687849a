import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompiledMessages } from './scripts/vitePrecompiledMessages';
import { precompress } from './scripts/vitePrecompress';

// In `vite` dev mode the API and socket.io come from the server on PORT (default 3000).
const apiTarget = `http://localhost:${process.env.PORT ?? 3000}`;

const FLUENT = /node_modules[\\/](@fluentui|@griffel|@floating-ui|tabster|keyborg|stylis|rtl-css-js)[\\/]/;
const ICONS = /node_modules[\\/]@fluentui[\\/]react-icons[\\/]/;

export default defineConfig({
  plugins: [precompiledMessages(), react(), precompress()],
  server: {
    proxy: {
      // The browser's Host is kept (changeOrigin: false): the API's Origin check (docs/security.md: Sessions) then
      // sees the page's origin, http://localhost:5173, as the app's own, with no allowance for dev.
      '/api': { target: apiTarget, changeOrigin: false },
      '/healthz': apiTarget,
      // The server's settings for the app (server/http/appConfig.ts): the dev page reads the same zone.
      '/app-config.js': apiTarget,
      '/socket.io': { target: apiTarget, ws: true, changeOrigin: false },
    },
  },
  build: {
    // dist/.vite/manifest.json: which chunks each page pulls in, read by `npm run bundle:report`.
    manifest: true,
    chunkSizeWarningLimit: 2000,
    rolldownOptions: {
      output: {
        // Vendor chunks whose names and hashes stay put while the app's code changes, so a deploy
        // leaves them in the browser's cache. Fluent is held to what the first screen uses (`$initial`):
        // the components only a dashboard page needs stay in that page's chunks. The icons stay out:
        // each icon module of @fluentui/react-icons holds many icons, so the app's own icon choices
        // would otherwise change the vendor chunk.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
            { name: 'xstate', test: /node_modules[\\/](xstate|@xstate[\\/]react)[\\/]/, priority: 2 },
            { name: 'fluent', test: (id) => FLUENT.test(id) && !ICONS.test(id), tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
});
