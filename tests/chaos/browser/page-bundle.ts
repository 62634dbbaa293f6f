import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/**
 * The in-page write API (page-api.ts) as one script for `context.addInitScript`: the
 * app's own modules from src/, bundled with esbuild the same way for every run.
 */
let cached: Promise<string> | undefined;

export function pageApiScript(): Promise<string> {
  cached ??= build({
    entryPoints: [fileURLToPath(new URL('./page-api.ts', import.meta.url))],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    logLevel: 'silent',
  }).then((r) => r.outputFiles[0]!.text);
  return cached;
}
