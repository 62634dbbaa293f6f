import type sharpType from 'sharp';

let loading: Promise<typeof sharpType> | undefined;

/**
 * sharp (libvips, a native addon) loaded on the first larvae photo or small thumbnail, not at start: it
 * holds about 34 MB resident once loaded, a third of the idle server's budget (issue 32).
 * The server bundle keeps it external, so this stays a runtime import.
 */
export function loadSharp(): Promise<typeof sharpType> {
  loading ??= import('sharp').then((m) => m.default);
  return loading;
}
