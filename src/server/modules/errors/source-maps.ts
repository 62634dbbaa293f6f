import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import type { MappedFrame, StackFrame } from '#shared/contracts/errors';

/** A built script the app serves: `/assets/<name>.js`, nothing else is looked up on disk. */
const ASSET = /^\/?assets\/([A-Za-z0-9_.-]+\.js)$/;
/** Source maps kept parsed (a release has a few dozen chunks; an old release's are gone). */
const CACHE_SIZE = 64;

/**
 * Maps stack frames of the built app to its sources with the build's hidden source maps
 * (`<dist>/assets/*.js.map`, written by `vite build` with `sourcemap: 'hidden'` and never
 * served: static-app.ts answers 404 for `.map`). A chunk's name carries its content hash,
 * so a map found for the name is the map of that very file whatever the release. A frame
 * without a map (another release's chunk, a browser extension) stays as it came.
 */
export class SourceMaps {
  private readonly cache = new Map<string, TraceMap | null>();

  constructor(private readonly distDir: string | null) {}

  private load(name: string): TraceMap | null {
    if (this.cache.has(name)) {
      const hit = this.cache.get(name) ?? null;
      this.cache.delete(name);
      this.cache.set(name, hit);
      return hit;
    }
    let map: TraceMap | null = null;
    if (this.distDir) {
      const file = resolve(this.distDir, 'assets', `${name}.map`);
      try {
        if (existsSync(file)) map = new TraceMap(readFileSync(file, 'utf8'));
      } catch {
        map = null;
      }
    }
    if (this.cache.size >= CACHE_SIZE) this.cache.delete(this.cache.keys().next().value as string);
    this.cache.set(name, map);
    return map;
  }

  map(frame: StackFrame): MappedFrame {
    const name = ASSET.exec(frame.file)?.[1];
    const map = name ? this.load(name) : null;
    if (map && frame.line > 0) {
      // Browsers count columns from 1, source maps from 0.
      const pos = originalPositionFor(map, { line: frame.line, column: Math.max(0, frame.col - 1) });
      if (pos.source !== null && pos.line !== null) {
        return {
          fn: pos.name ?? frame.fn,
          file: cleanSource(pos.source),
          line: pos.line,
          col: (pos.column ?? 0) + 1,
          mapped: true,
        };
      }
    }
    return { ...frame, mapped: false };
  }
}

/** `../../src/features/x.tsx` → `src/features/x.tsx`; node_modules paths kept from there. */
export function cleanSource(source: string): string {
  const at = source.search(/(?:^|\/)(src|node_modules|sw)\//);
  if (at < 0) return source.replace(/^(\.\.\/)+/, '');
  return source.slice(source[at] === '/' ? at + 1 : at);
}
