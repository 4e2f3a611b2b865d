import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';

/**
 * Whether a module is one of the shared contract's modules that define zod schemas: it imports zod
 * itself, not only its types (those are gone once built, and such a module may be on a public page).
 */
function isContractSchema(id: string): boolean {
  return (
    /packages[\\/]shared[\\/]src[\\/][\w-]+\.ts$/.test(id) &&
    /^import (?!type\b).*from 'zod';$/m.test(readFileSync(id, 'utf8'))
  );
}

/**
 * The chunks the entry imports itself, loaded before any screen is asked for. Listing them again in
 * every lazy import's preload list only adds bytes to each page's first download (the public pages
 * have a budget of 150 KB); one left out by mistake still loads, through its import.
 */
const LOADED_WITH_ENTRY =
  /(^|\/)(rolldown-runtime|vendor-react|vendor-query|vendor-i18n|preload-helper|app-core|i18n|svg-icon|status-icon|rotate-cw|index)-[\w-]+\.(js|css)$/;

// The API server owns /api and the Socket.IO endpoint /live; in development Vite serves the app and
// forwards those to it so the browser sees one origin, as it does in production.
const API_SERVER = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    proxy: {
      '/api': { target: API_SERVER, changeOrigin: false },
      '/live': { target: API_SERVER, ws: true, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    // Every browser the app supports preloads modules natively: no polyfill in the first download.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps) => deps.filter((dep) => !LOADED_WITH_ENTRY.test(dep)),
    },
    emptyOutDir: true,
    // MapLibre alone is about 1.1 MB (300 KB gzip); it loads lazily, only where a map is shown.
    chunkSizeWarningLimit: 1_200,
    rolldownOptions: {
      output: {
        // Libraries change far less often than the app: separate chunks stay cached across deploys.
        codeSplitting: {
          groups: [
            {
              name: 'vendor-react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/,
            },
            // Only the query cache: the virtual list's library stays with the sensors screen, and
            // saving and restoring the cache (the notices outbox) with the signed-in screens.
            {
              name: 'vendor-query',
              test: /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/](?!.*hydration)/,
            },
            { name: 'vendor-i18n', test: /node_modules[\\/](i18next|react-i18next)[\\/]/ },
            { name: 'vendor-zod', test: /node_modules[\\/]zod[\\/]/ },
            // The small modules of every page's first download (addresses, storage keys, timings,
            // languages, the API client): one chunk rather than several, each of which would cost its
            // own request.
            {
              name: 'app-core',
              test: /(apps[\\/]web[\\/]src[\\/]lib[\\/](auth[\\/])?(paths|storage-keys|constants|display-name|redirect-target|api-client|answer-checks)|packages[\\/]shared[\\/]src[\\/](languages|roles|endpoints|entry-addresses))\.ts$/,
            },
            // The contract's schemas travel together (the signed-in screens need most of them), in
            // one chunk as before; its plain values, in modules without zod, stay apart for the
            // public pages.
            { name: 'contract', test: isContractSchema, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
});
