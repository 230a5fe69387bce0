import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as z from 'zod/mini';
import { type InitialState, initialStateSchema } from './app/state';
import { renderDocument } from './document/html';
import { assetTags, type Manifest, manifestSchema } from './document/manifest';
import type { renderPage } from './entry-server';
import { DIST_DIR } from './paths';

/** What the gateway knows about a page request. */
export const pageRequestSchema = z.extend(initialStateSchema, { url: z.string().check(z.startsWith('/')) });
export type PageRequest = z.infer<typeof pageRequestSchema>;

export interface RenderedDocument {
  status: number;
  html: string;
}

export interface Renderer {
  /**
   * Renders a complete HTML document for a page route; rejects only on a bug in the app.
   * `translations` are the live texts of the page's language (GET /api/i18n/{lang}), or
   * null/absent to render with the bundled files.
   */
  render(request: PageRequest, translations?: Record<string, unknown> | null): Promise<RenderedDocument>;
  /** Folder of the hashed client files, to be served under /assets/. */
  assetsDir: string;
}

export interface RendererOptions {
  mode: 'production';
  /** Build output to use (default web/dist); tests and tools may point elsewhere. */
  distDir?: string;
}

interface ServerBundle {
  renderPage: typeof renderPage;
}

function readManifest(path: string): Manifest {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw new Error(
      `web: no client build at ${path}; call ensureWebBuilt() or run \`pnpm --filter @acg/web build\``,
    );
  }
  return z.parse(manifestSchema, JSON.parse(text));
}

async function importBundle(path: string): Promise<ServerBundle> {
  const bundle: Partial<ServerBundle> = await import(/* @vite-ignore */ pathToFileURL(path).href);
  if (typeof bundle.renderPage !== 'function') throw new Error(`web: ${path} does not export renderPage`);
  return bundle as ServerBundle;
}

/**
 * Server-side rendering from the built bundles in web/dist. The manifest is read at once, so
 * a missing build fails at start-up; the server bundle is imported on the first render.
 */
export function createRenderer(options: RendererOptions): Renderer {
  const distDir = options.distDir ?? DIST_DIR;
  const manifest = readManifest(join(distDir, 'client', '.vite', 'manifest.json'));
  let bundle: Promise<ServerBundle> | undefined;

  return {
    assetsDir: join(distDir, 'client', 'assets'),
    async render(request, translations) {
      const { url, user, language, languages, notFound, botInvite } = z.parse(pageRequestSchema, request);
      bundle ??= importBundle(join(distDir, 'server', 'entry-server.js')).catch((error: unknown) => {
        bundle = undefined; // let the next request try again
        throw error;
      });
      const state: InitialState = {
        user,
        language,
        ...(languages?.length ? { languages } : {}),
        ...(notFound ? { notFound } : {}),
        ...(botInvite ? { botInvite } : {}),
      };
      const page = await (await bundle).renderPage(url, state, translations);
      const html = renderDocument({
        language,
        title: page.title,
        appHtml: page.appHtml,
        state,
        assets: assetTags(manifest, page.lazyModules),
        dataPreloads: page.dataPreloads,
      });
      return { status: page.status, html };
    },
  };
}
