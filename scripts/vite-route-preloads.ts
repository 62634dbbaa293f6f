import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';

/** The file the build writes and the server reads (src/server/plugins/route-preloads.ts). */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/** Route path (TanStack syntax, `$param`) → the screen's chunks and stylesheets, beyond the shell's. */
export type RoutePreloads = Record<string, { js: string[]; css: string[] }>;

const SCREEN_IMPORT = /'([^']+)':\s*(?:lazyRouteComponent|screen)\(\s*\(\)\s*=>\s*import\('([^']+)'\)/g;

/** `'/login': screen(() => import('#features/account/login-screen'), …)` → path, specifier. */
export function screenImports(routerSource: string): [path: string, specifier: string][] {
  return [...routerSource.matchAll(SCREEN_IMPORT)].map((m) => [m[1] as string, m[2] as string]);
}

/** `#features/x/y` → `<root>/src/features/x/y.tsx`, by package.json "imports" (`#name/*` patterns only). */
export function resolveAlias(
  root: string,
  imports: Record<string, string>,
  specifier: string,
): string | null {
  for (const [pattern, target] of Object.entries(imports)) {
    if (!pattern.endsWith('/*') || !target.includes('*')) continue;
    const prefix = pattern.slice(0, -1);
    if (specifier.startsWith(prefix))
      return resolve(root, target.replace('*', specifier.slice(prefix.length)));
  }
  return null;
}

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  moduleIds: string[];
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

function staticClosure(bundle: Record<string, ChunkLike | { type: 'asset' }>, start: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...start];
  while (stack.length) {
    const name = stack.pop() as string;
    const chunk = bundle[name];
    if (seen.has(name) || !chunk || chunk.type !== 'chunk') continue;
    seen.add(name);
    stack.push(...chunk.imports);
  }
  return seen;
}

/**
 * Every screen is a lazy chunk (src/app/router.tsx): without help the phone learns that it
 * needs the screen's code only after the shell's JavaScript ran, one more round trip on a
 * slow link before anything of the screen shows. This writes, per route, the screen's
 * chunks and stylesheets that the shell does not already load, so the server can list
 * them as `modulepreload`/`preload` links in the HTML it answers for that route.
 */
export function routePreloads(options: {
  /** The file whose SCREENS map imports each route's screen. */
  router: string;
  /** Loaded at start whenever someone is signed in (the sync runtime): preloaded on routes that need a session. */
  signedIn?: { module: string; routes: (path: string) => boolean };
}): Plugin {
  const root = process.cwd();
  return {
    name: 'tambak:route-preloads',
    apply: 'build',
    // 'post': after Vite has dropped the chunks that held only CSS and written index.html,
    // so no route lists a chunk the build does not write or one index.html already loads.
    generateBundle: {
      order: 'post',
      handler(_, output) {
        const bundle = output as unknown as Record<string, ChunkLike | { type: 'asset' }>;
        const imports = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')).imports ?? {};
        const chunks = Object.values(bundle).filter((c): c is ChunkLike => c.type === 'chunk');
        // What index.html loads itself (its scripts and its inlined, disabled stylesheets) is
        // the shell as well as the entries' closure: a route never preloads it a second time.
        const indexHtml = bundle['index.html'] as { type: 'asset'; source?: string | Uint8Array } | undefined;
        const indexSource =
          typeof indexHtml?.source === 'string'
            ? indexHtml.source
            : indexHtml?.source
              ? new TextDecoder().decode(indexHtml.source)
              : '';
        const inIndex = [...indexSource.matchAll(/(?:src|href)="\/(assets\/[\w.-]+\.(?:js|css))"/g)].map(
          (m) => m[1] as string,
        );
        const shell = staticClosure(bundle, [
          ...chunks.filter((c) => c.isEntry).map((c) => c.fileName),
          ...inIndex.filter((name) => name.endsWith('.js') && name in bundle),
        ]);
        const shellCss = new Set([
          ...[...shell].flatMap((name) => [...((bundle[name] as ChunkLike).viteMetadata?.importedCss ?? [])]),
          ...inIndex.filter((name) => name.endsWith('.css')),
        ]);
        const signedInFile = options.signedIn ? resolve(root, options.signedIn.module) : null;
        const signedInChunk = signedInFile
          ? (chunks.find((c) => c.facadeModuleId === signedInFile) ??
            chunks.find((c) => c.moduleIds.includes(signedInFile)))
          : undefined;
        if (options.signedIn && !signedInChunk) this.error(`no chunk for ${options.signedIn.module}`);
        const result: RoutePreloads = {};
        for (const [path, specifier] of screenImports(readFileSync(resolve(root, options.router), 'utf8'))) {
          const file = resolveAlias(root, imports, specifier);
          // A screen is its chunk's facade, or one module of a group chunk (scripts/chunk-groups.ts).
          const screen =
            chunks.find((c) => c.facadeModuleId === file) ??
            chunks.find((c) => file !== null && c.moduleIds.includes(file));
          if (!screen) this.error(`route ${path}: no chunk for ${specifier}`);
          const starts = [screen.fileName];
          if (signedInChunk && options.signedIn?.routes(path)) starts.push(signedInChunk.fileName);
          const js = [...staticClosure(bundle, starts)].filter((name) => !shell.has(name));
          const css = js
            .flatMap((name) => [...((bundle[name] as ChunkLike).viteMetadata?.importedCss ?? [])])
            .filter((name, i, all) => !shellCss.has(name) && all.indexOf(name) === i);
          result[path] = { js, css };
        }
        this.emitFile({
          type: 'asset',
          fileName: ROUTE_PRELOADS_FILE,
          source: `${JSON.stringify(result, null, 1)}\n`,
        });
      },
    },
  };
}
