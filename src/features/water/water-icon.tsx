import type { SVGProps } from 'react';

/** A water drop for the "Water quality" menu entry (decorative; the link carries the label). */
export function WaterIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      <path d="M12 2.7 6.3 9.2a7 7 0 1 0 11.4 0Z" />
      <path d="M9 15a3 3 0 0 0 3 3" />
    </svg>
  );
}
