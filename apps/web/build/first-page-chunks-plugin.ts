import { build, type InlineConfig, type Plugin, type Rolldown } from 'vite';

export type FirstPage = {
  /** The name of the page's chunk. */
  name: string;
  /** The page's route modules (paths in the web app). */
  roots: string[];
  /**
   * Pages (by their route module) that must not download this page's chunk for the few modules they
   * share with it: those modules go to chunks of their own, `name-1`, `name-2`..., one per set of such
   * pages using them.
   */
  sharedWith?: { pages: RegExp; name: string };
};

export type FirstPages = {
  /** The app's entry (its index.html): what every page loads first. */
  entry: string;
  /** The first pages, in order: a module two of them use goes to the first one's chunk. */
  pages: FirstPage[];
  /** Modules another chunk group takes (the framework): the plan leaves them to it. */
  isOutside: (id: string) => boolean;
  /**
   * Lazily loaded modules (by id) whose shared modules stay with the bundler's splitting, so that
   * loading one never downloads a first page's chunk: a language's texts share a module or two with
   * the components whose default language they are.
   */
  leftOut: RegExp;
  /** The build without this plan, whose own splitting tells what each page uses. */
  planBuild: () => InlineConfig;
};

type Chunk = Rolldown.OutputChunk;

/** The chunks in `from` and those they import statically, transitively: what the browser loads with them. */
function chunksReached(from: Chunk[], byFile: Map<string, Chunk>) {
  const reached = new Set<Chunk>();
  const visit = (chunk: Chunk) => {
    if (reached.has(chunk)) return;
    reached.add(chunk);
    for (const file of chunk.imports) {
      const imported = byFile.get(file);
      if (imported) visit(imported);
    }
  };
  for (const chunk of from) visit(chunk);
  return reached;
}

/** Which chunk each module of the first pages goes to, from a build split by the bundler alone. */
export function planOf(chunks: Chunk[], firstPages: FirstPages) {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const chunkAt = (path: string) => {
    const found = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(path));
    if (!found) throw new Error(`first-page-chunks: no chunk starts at ${path}`);
    return found;
  };
  // The pages (the entry and each lazily loaded module) that load each chunk.
  const loaders = new Map<Chunk, Chunk[]>();
  for (const page of chunks.filter((chunk) => chunk.isEntry || chunk.isDynamicEntry)) {
    for (const chunk of chunksReached([page], byFile))
      loaders.set(chunk, [...(loaders.get(chunk) ?? []), page]);
  }

  // One chunk per set of those pages sharing modules with a first page: each loads only its own set.
  const sharedNames = new Map<string, string>();
  const sharedChunkName = (chunk: Chunk, sharedWith: { pages: RegExp; name: string }) => {
    const sharers = (loaders.get(chunk) ?? [])
      .map((loader) => loader.facadeModuleId ?? '')
      .filter((id) => sharedWith.pages.test(id))
      .sort()
      .join('\n');
    if (!sharers) return undefined;
    if (!sharedNames.has(sharers)) sharedNames.set(sharers, `${sharedWith.name}-${sharedNames.size + 1}`);
    return sharedNames.get(sharers);
  };
  const plan = new Map<string, string>();
  const assign = (chunk: Chunk, name: string) => {
    for (const id of chunk.moduleIds) if (!plan.has(id) && !firstPages.isOutside(id)) plan.set(id, name);
  };
  const entry = chunkAt(firstPages.entry);
  for (const chunk of chunksReached([entry], byFile)) assign(chunk, 'boot');
  plan.delete(entry.facadeModuleId as string);
  for (const page of firstPages.pages) {
    for (const chunk of chunksReached(page.roots.map(chunkAt), byFile)) {
      const loaderIds = (loaders.get(chunk) ?? []).map((loader) => loader.facadeModuleId ?? '');
      if (loaderIds.some((id) => firstPages.leftOut.test(id))) continue;
      assign(chunk, (page.sharedWith && sharedChunkName(chunk, page.sharedWith)) || page.name);
    }
  }
  return plan;
}

/**
 * Puts the modules of the first pages a visitor opens into a few chunks: what the entry loads (`boot`),
 * then each page's, and what a page shares with the pages that must not load its chunk. The bundler alone cuts them into one chunk per set of routes sharing a module: ~50
 * files for sign-in and ~100 for the signed-in first screen, each a request over HTTP/1.1's six
 * connections and a gzip window of its own. Which page uses which module comes from a first build split
 * by the bundler alone (after tree-shaking, which a walk of the import graph cannot see through barrels
 * such as antd's index), so no first page gets code it does not run. Other routes keep the bundler's
 * splitting, and load a first page's chunk when they share a module with it.
 */
export function firstPageChunks(firstPages: FirstPages) {
  let plan = new Map<string, string>();
  const plugin: Plugin = {
    name: 'tandem:first-page-chunks',
    apply: 'build',
    async buildStart() {
      const planBuild = firstPages.planBuild();
      const result = await build({
        ...planBuild,
        configFile: false,
        logLevel: 'silent',
        build: { ...planBuild.build, write: false, manifest: false },
      });
      const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
      const chunks = outputs.flatMap((output) =>
        output.output.filter((item): item is Chunk => item.type === 'chunk'),
      );
      plan = planOf(chunks, firstPages);
    },
  };
  const group: Rolldown.CodeSplittingGroup = {
    name: (id) => plan.get(id) ?? null,
    debugName: 'first-pages',
    // The plan already holds each chunk's dependencies; the raw import graph would add barrels' targets.
    includeDependenciesRecursively: false,
  };
  return { plugin, group };
}
