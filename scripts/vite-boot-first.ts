import type { Plugin } from 'vite';

const ENTRY_TAGS = /<(script type="module"|link rel="modulepreload") crossorigin /g;

/**
 * Marks the app's entry script and the shell's module preloads `fetchpriority="low"` in
 * index.html: the boot screen (inline CSS, logo and name, scripts/vite-inline-entry-css.ts)
 * needs none of them to paint, and on a slow link the HTML's own paint should not wait in
 * line behind them. Module scripts never block rendering; the hint only tells the browser
 * (and Lighthouse's simulation, which otherwise counts every "High" script that finished
 * before the first paint as blocking it) what the first paint depends on: the HTML alone.
 * Nothing else in the page's head competes with them, so they still start at once.
 */
export function bootFirst(): Plugin {
  return {
    name: 'tambak:boot-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html.replace(ENTRY_TAGS, (_tag, start: string) => `<${start} crossorigin fetchpriority="low" `),
    },
  };
}
