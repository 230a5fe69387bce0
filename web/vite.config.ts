import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * Two builds from one config (`vite build` builds both environments):
 * - client: hashed files in dist/client/assets, served by the gateway under /assets/,
 *   plus dist/client/.vite/manifest.json, which the renderer reads to write the tags;
 * - ssr: dist/server/entry-server.js, imported by the renderer in the gateway process.
 * There is no index.html: the server writes the document (src/document.ts).
 */
export default defineConfig({
  root,
  base: '/',
  plugins: [react()],
  builder: {},
  build: {
    assetsDir: 'assets',
    // The member area stays light; the admin area is a lazy chunk of its own.
    chunkSizeWarningLimit: 300,
  },
  environments: {
    client: {
      build: {
        outDir: 'dist/client',
        emptyOutDir: true,
        manifest: true,
        rolldownOptions: {
          input: 'src/entry-client.tsx',
          // Libraries change far less often than the app: separate chunks stay cached.
          output: {
            codeSplitting: {
              groups: [
                { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
                { name: 'vendor', test: /node_modules[\\/]/ },
              ],
            },
          },
        },
      },
    },
    ssr: {
      build: {
        outDir: 'dist/server',
        emptyOutDir: true,
        rolldownOptions: { input: 'src/entry-server.tsx', output: { entryFileNames: 'entry-server.js' } },
      },
    },
  },
});
