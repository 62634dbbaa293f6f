import archive from 'lucide/dist/esm/icons/archive.mjs';
import arrowLeft from 'lucide/dist/esm/icons/arrow-left.mjs';
import bell from 'lucide/dist/esm/icons/bell.mjs';
import chartLine from 'lucide/dist/esm/icons/chart-line.mjs';
import chartNoAxesColumn from 'lucide/dist/esm/icons/chart-no-axes-column.mjs';
import check from 'lucide/dist/esm/icons/check.mjs';
import chevronDown from 'lucide/dist/esm/icons/chevron-down.mjs';
import circleQuestionMark from 'lucide/dist/esm/icons/circle-question-mark.mjs';
import clipboardCheck from 'lucide/dist/esm/icons/clipboard-check.mjs';
import cloud from 'lucide/dist/esm/icons/cloud.mjs';
import droplet from 'lucide/dist/esm/icons/droplet.mjs';
import house from 'lucide/dist/esm/icons/house.mjs';
import layoutGrid from 'lucide/dist/esm/icons/layout-grid.mjs';
import messageCircle from 'lucide/dist/esm/icons/message-circle.mjs';
import plus from 'lucide/dist/esm/icons/plus.mjs';
import settings from 'lucide/dist/esm/icons/settings.mjs';
import table from 'lucide/dist/esm/icons/table-2.mjs';
import triangleAlert from 'lucide/dist/esm/icons/triangle-alert.mjs';
import user from 'lucide/dist/esm/icons/user.mjs';
import walletMinimal from 'lucide/dist/esm/icons/wallet-minimal.mjs';
import x from 'lucide/dist/esm/icons/x.mjs';
import { createElement, type SVGProps } from 'react';

/**
 * The app's line icons: the drawings of Lucide (the `lucide` package, maintained, ISC),
 * rendered here as inline SVG so they cost no request and work offline. Each drawing comes
 * from its own module: the shell chunk is the static closure of the entry
 * (scripts/chunk-groups.ts), so the package index would pull in every icon any screen uses,
 * and lucide-react's renderer alone outweighed the old hand-drawn icons in the first load.
 * Decorative (aria-hidden): the button or link that holds one always carries a text label.
 * The chat's icons are in features/chat/chat-icons.ts, the finance categories' in
 * features/finance/category-icon.tsx; both draw with lineIcon.
 */
export type IconNode = [tag: string, attrs: Record<string, string | number | undefined>][];
export type IconProps = SVGProps<SVGSVGElement> & { size?: number };

/** A component drawing a Lucide icon node: 24×24, stroke 2, round joins, `size` px (default `size`). */
export function lineIcon(node: IconNode, size = 24) {
  return function LineIcon({ size: px = size, ...props }: IconProps) {
    return (
      <svg
        viewBox="0 0 24 24"
        width={px}
        height={px}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden
        {...props}
      >
        {node.map(([tag, attrs], i) => createElement(tag, { key: i, ...attrs }))}
      </svg>
    );
  };
}

export const ArrowLeftIcon = /* @__PURE__ */ lineIcon(arrowLeft);
export const BellIcon = /* @__PURE__ */ lineIcon(bell);
export const CheckIcon = /* @__PURE__ */ lineIcon(check);
export const ChevronDownIcon = /* @__PURE__ */ lineIcon(chevronDown);
export const CloudIcon = /* @__PURE__ */ lineIcon(cloud);
/** Lucide's cloud struck through: lighter than its cloud-off, and this icon is in the first download. */
export const CloudOffIcon = /* @__PURE__ */ lineIcon([...cloud, ['path', { d: 'm2 2 20 20' }]]);
export const WaterIcon = /* @__PURE__ */ lineIcon(droplet);
export const ReportIcon = /* @__PURE__ */ lineIcon(chartNoAxesColumn);
export const HomeIcon = /* @__PURE__ */ lineIcon(house);
/** The farm's ponds and blocks (the manager's link beside the board, their home). */
export const PondsIcon = /* @__PURE__ */ lineIcon(layoutGrid);
export const ChatIcon = /* @__PURE__ */ lineIcon(messageCircle);
export const HelpIcon = /* @__PURE__ */ lineIcon(circleQuestionMark);
export const PlusIcon = /* @__PURE__ */ lineIcon(plus);
export const SettingsIcon = /* @__PURE__ */ lineIcon(settings);
export const TableIcon = /* @__PURE__ */ lineIcon(table);
/** The attention board, the daily review and the analysis: each its own drawing in the sidebar. */
export const AlertIcon = /* @__PURE__ */ lineIcon(triangleAlert);
export const ReviewIcon = /* @__PURE__ */ lineIcon(clipboardCheck);
export const TrendIcon = /* @__PURE__ */ lineIcon(chartLine);
export const UserIcon = /* @__PURE__ */ lineIcon(user);
export const WalletIcon = /* @__PURE__ */ lineIcon(walletMinimal);
export const WarehouseIcon = /* @__PURE__ */ lineIcon(archive);
export const CloseIcon = /* @__PURE__ */ lineIcon(x);
