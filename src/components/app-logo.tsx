import drawing from './app-logo.svg?raw';

/** The drawing inside the file's <svg> element; the element itself is written below. */
const INNER = drawing.replace(/^\s*<svg[^>]*>|<\/svg>\s*$/g, '');

/**
 * The app's mark (app-logo.svg, also inlined into index.html by scripts/vite-inline-logo.ts),
 * inline so the navigation bar and the sign-in screens cost no image request. Decorative:
 * the link that holds it carries the app's name.
 */
export function AppLogo({ size }: { size: number }) {
  return (
    <svg
      viewBox="0 0 512 512"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: a file of the build, never user data
      dangerouslySetInnerHTML={{ __html: INNER }}
    />
  );
}
