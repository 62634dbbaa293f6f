import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

const BOOT_LOGO = /<img src="\/src\/components\/app-logo\.svg" alt="" width="(\d+)" height="(\d+)" \/>/g;
const TAB_ICON = /<link rel="icon" href="\/src\/components\/app-logo\.svg"/g;

/**
 * The app's mark (src/components/app-logo.svg, the one copy of the drawing) written into
 * index.html: the boot screen's logo as inline SVG and the tab icon as a `data:` URL, so
 * the first paint costs no image request (docs/adr/0007-first-load.md item 11). The
 * React screens read the same file (src/components/app-logo.tsx).
 */
export function inlineLogo(file: string): Plugin {
  const svg = () => readFileSync(file, 'utf8').trim().replace(/>\s+</g, '><');
  return {
    name: 'tambak:inline-logo',
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        const markup = svg();
        const dataUrl = `data:image/svg+xml,${encodeURIComponent(markup.replaceAll('"', "'"))}`;
        // The file names itself (role, label); beside the app's name it is decoration.
        const decorative = markup.replace(/ (role|aria-label)="[^"]*"/g, '');
        return html
          .replace(BOOT_LOGO, (_img, width: string, height: string) =>
            decorative.replace('<svg ', `<svg width="${width}" height="${height}" aria-hidden="true" `),
          )
          .replace(TAB_ICON, `<link rel="icon" href="${dataUrl}"`);
      },
    },
  };
}
