import type { ReactNode } from 'react';
import type { CategoryIcon as IconKey } from '#shared/domain/finance';

/**
 * The finance category icons, drawn like the app's icon set (#components/icons: 24×24
 * line icons, inline, decorative: a label always sits next to one).
 */
const PATHS: Record<IconKey, ReactNode> = {
  harvest: <path d="M4 14c3-6 9-8 16-7-2 7-7 11-13 10M4 14l-1 4M8 12c1 2 3 3 6 3" />,
  feed: (
    <>
      <path d="M6 4h12l-1 16H7z" />
      <path d="M9 9h6M9 13h6" />
    </>
  ),
  seed: (
    <>
      <circle cx="8" cy="9" r="2" />
      <circle cx="15" cy="7" r="2" />
      <circle cx="13" cy="15" r="2" />
    </>
  ),
  probiotic: (
    <>
      <rect x="6" y="8" width="12" height="8" rx="4" />
      <path d="M12 8v8" />
    </>
  ),
  chemical: <path d="M9 3h6M10 3v6l-5 9a2 2 0 0 0 2 3h10a2 2 0 0 0 2-3l-5-9V3" />,
  electricity: <path d="M13 2 4 14h7l-1 8 9-12h-7z" />,
  fuel: (
    <>
      <path d="M4 21V5a2 2 0 0 1 2-2h6a2 2 0 0 1 2 2v16M3 21h12M4 10h10" />
      <path d="M14 8h2a2 2 0 0 1 2 2v6a1.5 1.5 0 0 0 3 0V9l-3-3" />
    </>
  ),
  labour: (
    <>
      <circle cx="12" cy="7" r="3" />
      <path d="M5 21a7 7 0 0 1 14 0" />
    </>
  ),
  maintenance: (
    <path d="M14.7 6.3a4 4 0 0 0-5.4 5.4L3 18l3 3 6.3-6.3a4 4 0 0 0 5.4-5.4l-2.5 2.5-2.4-.6-.6-2.4z" />
  ),
  equipment: (
    <>
      <circle cx="12" cy="12" r="3" />
      <path d="M12 2v3M12 19v3M2 12h3M19 12h3M5 5l2 2M17 17l2 2M5 19l2-2M17 7l2-2" />
    </>
  ),
  transport: (
    <>
      <path d="M3 6h11v10H3zM14 10h4l3 3v3h-7" />
      <circle cx="7" cy="18" r="2" />
      <circle cx="17" cy="18" r="2" />
    </>
  ),
  water: <path d="M12 3s6 7 6 11a6 6 0 0 1-12 0c0-4 6-11 6-11z" />,
  lab: <path d="M9 3h6M10 3v6L6 19h12L14 9V3M8 15h8" />,
  cash: (
    <>
      <rect x="2" y="6" width="20" height="12" rx="2" />
      <circle cx="12" cy="12" r="3" />
    </>
  ),
  other: (
    <>
      <circle cx="6" cy="12" r="1.5" />
      <circle cx="12" cy="12" r="1.5" />
      <circle cx="18" cy="12" r="1.5" />
    </>
  ),
};

export function CategoryIcon({ icon, className }: { icon: string; className?: string }) {
  const path = PATHS[icon as IconKey] ?? PATHS.other;
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
      className={className}
    >
      {path}
    </svg>
  );
}
