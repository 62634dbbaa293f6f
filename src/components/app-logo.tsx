/**
 * The app's mark (the same drawing as public/favicon.svg), inline so the navigation bar
 * and the sign-in screens cost no image request on a first visit. Decorative: the link
 * that holds it carries the app's name.
 */
export function AppLogo({ size }: { size: number }) {
  return (
    <svg viewBox="0 0 512 512" width={size} height={size} aria-hidden="true" focusable="false">
      <rect width="512" height="512" rx="102" fill="#0f766e" />
      <g fill="none" stroke="#f0fdfa" strokeLinecap="round">
        <path d="M362.2 186.4 A113 113 0 0 0 256 112 A113 113 0 0 0 149.8 263.6" strokeWidth="68" />
        <path d="M146.9 254.2 A113 113 0 0 0 294.6 331.2" strokeWidth="40" />
      </g>
      <g stroke="#0f766e" strokeWidth="7">
        <line x1="237.1" y1="154.5" x2="216.4" y2="77.2" />
        <line x1="196.2" y1="183.1" x2="130.7" y2="137.2" />
        <line x1="183.3" y1="231.4" x2="103.6" y2="238.3" />
        <line x1="204.4" y1="276.6" x2="147.8" y2="333.2" />
        <line x1="240.8" y1="296.4" x2="224.2" y2="374.7" />
      </g>
      <polygon points="289.9,332.9 355.5,349.5 329.5,278.0" fill="#f0fdfa" />
      <circle cx="353.7" cy="148.7" r="10" fill="#134e4a" />
      <g fill="none" stroke="#99f6e4" strokeWidth="14" strokeLinecap="round">
        <path d="M113 410 q18 -18 36 0 t36 0 t36 0 t36 0 t36 0 t36 0 t36 0 t36 0" />
        <path d="M113 456 q18 -18 36 0 t36 0 t36 0 t36 0 t36 0 t36 0 t36 0 t36 0" />
      </g>
    </svg>
  );
}
