import * as z from 'zod/mini';

/** The parts of Vite's build manifest (dist/client/.vite/manifest.json) the renderer reads. */
const chunkSchema = z.object({
  file: z.string(),
  isEntry: z.optional(z.boolean()),
  imports: z.optional(z.array(z.string())),
  css: z.optional(z.array(z.string())),
});
export const manifestSchema = z.record(z.string(), chunkSchema);
export type Manifest = z.infer<typeof manifestSchema>;

/** The client entry's manifest key (its source path relative to web/). */
export const CLIENT_ENTRY = 'src/entry-client.tsx';

export interface AssetTags {
  entryScript: string;
  stylesheets: string[];
  modulePreloads: string[];
}

/**
 * URLs of the scripts and styles a page needs: the client entry with its static imports, and
 * the chunks of lazy screens the page shows (so they load in parallel, not after hydration).
 */
export function assetTags(manifest: Manifest, lazyModules: readonly string[], base = '/'): AssetTags {
  const entry = manifest[CLIENT_ENTRY];
  if (!entry) throw new Error(`The client manifest has no entry ${CLIENT_ENTRY}`);
  const url = (file: string) => `${base}${file}`;
  const stylesheets = new Set<string>();
  const preloads = new Set<string>();
  const seen = new Set<string>();

  const visit = (key: string, isEntry: boolean) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    for (const css of chunk.css ?? []) stylesheets.add(url(css));
    if (!isEntry) preloads.add(url(chunk.file));
    for (const imported of chunk.imports ?? []) visit(imported, false);
  };
  visit(CLIENT_ENTRY, true);
  for (const key of lazyModules) visit(key, false);

  return { entryScript: url(entry.file), stylesheets: [...stylesheets], modulePreloads: [...preloads] };
}
