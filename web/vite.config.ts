import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
/** Files worth compressing: text, and big enough that the encoding pays for its headers. */
const COMPRESSIBLE = /\.(js|css|svg|json|txt|html)$/;
const MIN_BYTES = 1024;

/**
 * Writes a `.br` (quality 11) and a `.gz` (level 9) beside every compressible client file, so the
 * gateway serves them as they are (`@fastify/static` `preCompressed`) and compresses nothing per
 * request. Quality 11 is slow, which is why it runs once, here.
 */
function precompress(): Plugin {
  return {
    name: 'acg:precompress',
    apply: 'build',
    applyToEnvironment: (env) => env.name === 'client',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? join(root, 'dist', 'client');
      await Promise.all(
        Object.keys(bundle)
          .filter((file) => COMPRESSIBLE.test(file) && !file.startsWith('.vite/'))
          .map(async (file) => {
            const path = join(outDir, file);
            const data = await readFile(path);
            if (data.length < MIN_BYTES) return;
            const [br, gz] = await Promise.all([
              brotli(data, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
                },
              }),
              gzipped(data, { level: 9 }),
            ]);
            await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
          }),
      );
    },
  };
}

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
  plugins: [react(), precompress()],
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
          // Libraries change far less often than the app: their chunk stays cached. React and
          // the other libraries every page uses are one chunk: one request and its headers fewer
          // on every first visit, and brotli compresses them better together.
          output: {
            // A language's texts (packages/i18n/locales/<lang>/web.json) are named by language
            // (`ru-<hash>.js`), not by the file's name, which every language shares.
            chunkFileNames: (chunk) => {
              const lang = /locales[\\/]([\w-]+)[\\/]web\.json$/.exec(chunk.facadeModuleId ?? '')?.[1];
              return `assets/${lang ?? '[name]'}-[hash].js`;
            },
            codeSplitting: {
              groups: [
                // The virtual grid is the catalogue's alone, the chart library the admin rarity
                // section's and the profile statistics' (a lazy chunk), and zod/mini the admin translations': each stays in its screen's lazy
                // chunk, off the first page (the pages take their answers' types from the
                // contracts, no schema); idb (the image cache) goes with the member screens below.
                {
                  name: 'vendor',
                  test: /node_modules[\\/](?!\.pnpm[\\/])(?!@tanstack[\\/](?:react-virtual|virtual-core)[\\/]|chart\.js[\\/]|@kurkle[\\/]|idb[\\/]|zod[\\/])/,
                },
                // What the member screens share and the first page does not need (images, their
                // IndexedDB cache, the modal, tabs, rank colours): one chunk, not six of a few
                // hundred bytes, each of which would cost a request and its headers (§28).
                {
                  name: 'screens',
                  includeDependenciesRecursively: false,
                  test: /node_modules[\\/]idb[\\/]|web[\\/]src[\\/](images[\\/]|api[\\/]images\.ts|components[\\/](LoadedImage|CardImage|useHydrated|Modal|Tabs|rank-color))/,
                },
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
