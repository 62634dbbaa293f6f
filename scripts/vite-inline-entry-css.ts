import type { Plugin } from 'vite';

const STYLESHEET_LINK = /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g;

/**
 * Puts the app shell's stylesheets (the ones index.html links) into index.html itself.
 *
 * A linked stylesheet blocks the first paint until it arrives: on a phone with 150 ms of
 * round trip that is the HTML, then the CSS, then the boot screen. Inline, the boot screen
 * paints from the HTML alone while the JavaScript is still on its way (the shell's CSS is
 * about 4 KB compressed, and index.html is precached by the service worker like the rest).
 *
 * The link itself goes. It used to stay, `disabled`, for Vite's preload helper to find;
 * but Chromium's preload scanner fetches a disabled stylesheet link all the same (16.7 KB
 * at the highest priority beside the shell's JavaScript on every cold start, seen in
 * Lighthouse's network requests), and with one stylesheet for the whole app
 * (`cssCodeSplit: false`) no lazy chunk asks the helper for a stylesheet. The `<style>`
 * keeps the file's name in `data-href`, where the route preloads (vite-route-preloads.ts)
 * read what index.html already holds.
 */
export function inlineEntryCss(): Plugin {
  return {
    name: 'tambak:inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        return html.replace(STYLESHEET_LINK, (link, fileName: string) => {
          const asset = bundle[fileName];
          if (asset?.type !== 'asset') return link;
          const css =
            typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
          if (css.includes('</style')) return link;
          return `<style data-href="/${fileName}">${css}</style>`;
        });
      },
    },
  };
}
