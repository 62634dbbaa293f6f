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
 * Each link stays, `disabled` (never fetched, never applied), so Vite's preload helper,
 * which looks for an existing `<link rel="stylesheet">` before it adds one for a lazy
 * chunk that shares the CSS, still finds it and does not load the same rules a second time.
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
          return `<style data-href="/${fileName}">${css}</style>\n    ${link.replace('<link ', '<link disabled ')}`;
        });
      },
    },
  };
}
