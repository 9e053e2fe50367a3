import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API runs as its own process in development; the browser still sees one origin.
const apiTarget = process.env.TRIPLINE_API_URL ?? 'http://localhost:3000';
const apiProxy = { '/api': { target: apiTarget, ws: true } };

// A dated build stamp, sent as X-App-Version so the server can tell builds apart in its logs.
const appVersion = process.env.VITE_APP_VERSION ?? new Date().toISOString().slice(0, 16).replace('T', ' ');

export default defineConfig({
  plugins: [react()],
  define: { __APP_VERSION__: JSON.stringify(appVersion) },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app; separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            { name: 'mantine', test: /node_modules[\\/](@mantine|@floating-ui|@tabler)[\\/]/ },
            // The trip map's libraries and county atlas load only with the map (trip inspect).
            { name: 'map', test: /node_modules[\\/](leaflet|topojson-client|us-atlas)[\\/]/, priority: 1 },
            { name: 'vendor', test: /node_modules[\\/]/ },
          ],
        },
      },
    },
  },
});
