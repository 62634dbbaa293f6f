import type { ReactNode, SVGProps } from 'react';

/** Line icons of the call buttons and the call view; decorative, the buttons carry labels. */
type P = SVGProps<SVGSVGElement>;

function Icon({ children, ...props }: P & { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="22"
      height="22"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

const HANDSET =
  'M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1 1 .4 1.9.7 2.8a2 2 0 0 1-.5 2.1L8 9.9a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.8.7a2 2 0 0 1 1.7 2z';

export const PhoneIcon = (p: P) => (
  <Icon {...p}>
    <path d={HANDSET} />
  </Icon>
);
export const HangUpIcon = (p: P) => (
  <Icon {...p} style={{ transform: 'rotate(135deg)' }}>
    <path d={HANDSET} />
  </Icon>
);
export const VideoIcon = (p: P) => (
  <Icon {...p}>
    <rect x="2" y="6" width="14" height="12" rx="2" />
    <path d="m16 10 6-4v12l-6-4z" />
  </Icon>
);
export const VideoOffIcon = (p: P) => (
  <Icon {...p}>
    <path d="M16 16v1a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2h2m5 0h3a2 2 0 0 1 2 2v3l6-4v12" />
    <path d="m2 2 20 20" />
  </Icon>
);
export const MicIcon = (p: P) => (
  <Icon {...p}>
    <rect x="9" y="2" width="6" height="12" rx="3" />
    <path d="M5 10a7 7 0 0 0 14 0M12 17v5" />
  </Icon>
);
export const MicOffIcon = (p: P) => (
  <Icon {...p}>
    <path d="M15 9.3V5a3 3 0 0 0-5.7-1.3M9 9v2a3 3 0 0 0 5.1 2.1M19 10a7 7 0 0 1-1.1 3.8M5 10a7 7 0 0 0 11.3 5.5M12 17v5" />
    <path d="m2 2 20 20" />
  </Icon>
);
