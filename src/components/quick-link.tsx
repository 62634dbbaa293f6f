import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useQuickOpen } from './quick-open.ts';

/**
 * A link to a heavy screen that answers the tap first (ADR 0080): pressed (`is-opening`,
 * `aria-busy`) in the tap's frame, the screen drawn after it, no preload on intent.
 */
export function QuickLink({
  to,
  search,
  className,
  children,
  ...rest
}: {
  to: string;
  search?: Record<string, string>;
  className: string;
  children: ReactNode;
  'aria-label'?: string;
  [data: `data-${string}`]: string;
}) {
  const open = useQuickOpen();
  return (
    <Link
      to={to}
      search={search}
      onClick={open.onClick}
      preload={false}
      aria-busy={open.opening || undefined}
      className={`${className}${open.opening ? ' is-opening' : ''}`}
      {...rest}
    >
      {children}
    </Link>
  );
}
