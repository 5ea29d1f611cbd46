/**
 * The order of the service worker's precache (issue 29). It fills a few files at a time in the
 * order of its manifest (sw/precache-install.ts); on a weak network that takes half a minute and
 * more. The app's shell comes first, then what a signed-in person's screens lead to and works
 * offline — the dashboard, a notebook, its round ("Passar o caderno"), its edit and moderation,
 * the claim, a new notebook, the notifications (issue 31), and their texts — then everything else. The screens also
 * preload those parts while online (src/navigation/next-parts.ts); the precache keeps them for the next
 * visits and fills in what the visit did not load.
 */

/** A chunk of Vite's build manifest (dist/.vite/manifest.json), as far as the order needs it. */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
  assets?: string[];
}

/** The sources of the parts that go first, as Vite's manifest names them. */
export const OFFLINE_PARTS_FIRST: readonly RegExp[] = [
  /^src\/screens\/(Dashboard|NotebookView|Round|NotebookEdit|Moderation|Claim|CreateNotebook|Notifications)\/\w+Screen\.tsx$/,
  /^src\/screens\/(notebooks|Notifications)\/locales\/[\w-]+\/messages\.po$/,
];

/** Every file a chunk needs (its static imports, styles and assets, recursively), the chunk's own first. */
function filesOf(manifest: Record<string, ManifestChunk>, key: string, into: Set<string>, visited = new Set<string>()): void {
  if (visited.has(key)) return;
  visited.add(key);
  const chunk = manifest[key];
  if (!chunk) return;
  into.add(chunk.file);
  for (const file of [...(chunk.css ?? []), ...(chunk.assets ?? [])]) into.add(file);
  for (const imported of chunk.imports ?? []) filesOf(manifest, imported, into, visited);
}

/**
 * The precache entries reordered: index.html and the entry's files, then the files of
 * `first` (in that order), then the rest as they were.
 */
export function precacheOrder<T extends { url: string }>(
  entries: T[],
  manifest: Record<string, ManifestChunk>,
  first: readonly RegExp[] = OFFLINE_PARTS_FIRST,
): T[] {
  const wanted = new Set<string>(['index.html']);
  for (const key of Object.keys(manifest)) if (manifest[key].isEntry) filesOf(manifest, key, wanted);
  for (const pattern of first) for (const key of Object.keys(manifest).sort()) if (pattern.test(key)) filesOf(manifest, key, wanted);
  const rank = new Map([...wanted].map((file, index) => [file, index]));
  const position = (entry: T) => rank.get(entry.url.replace(/^\//, '')) ?? Infinity;
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => position(a.entry) - position(b.entry) || a.index - b.index)
    .map(({ entry }) => entry);
}
