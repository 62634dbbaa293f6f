import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/**
 * The in-page write API (page-api.ts) as one script for `context.addInitScript`: the
 * app's own modules from src/ (the write functions the screens call, the newer kinds'
 * operations of kind-ops.ts among them), bundled with esbuild the same way for every run.
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
    // The features' write functions sit beside components that import their stylesheets:
    // the page already has the app's styles, so those imports are dropped.
    loader: { '.css': 'empty' },
    logLevel: 'silent',
  }).then((r) => r.outputFiles[0]!.text);
  return cached;
}
