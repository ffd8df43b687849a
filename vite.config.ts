import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// In `vite` dev mode the API and socket.io come from the server on PORT (default 3000).
const apiTarget = `http://localhost:${process.env.PORT ?? 3000}`;

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/api': apiTarget,
      '/healthz': apiTarget,
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
  build: { chunkSizeWarningLimit: 2000 },
});
