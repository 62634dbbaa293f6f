import banknote from 'lucide/dist/esm/icons/banknote.mjs';
import circleEllipsis from 'lucide/dist/esm/icons/circle-ellipsis.mjs';
import cog from 'lucide/dist/esm/icons/cog.mjs';
import droplet from 'lucide/dist/esm/icons/droplet.mjs';
import egg from 'lucide/dist/esm/icons/egg.mjs';
import flaskConical from 'lucide/dist/esm/icons/flask-conical.mjs';
import fuel from 'lucide/dist/esm/icons/fuel.mjs';
import hardHat from 'lucide/dist/esm/icons/hard-hat.mjs';
import pkg from 'lucide/dist/esm/icons/package.mjs';
import pill from 'lucide/dist/esm/icons/pill.mjs';
import shrimp from 'lucide/dist/esm/icons/shrimp.mjs';
import testTube from 'lucide/dist/esm/icons/test-tube.mjs';
import truck from 'lucide/dist/esm/icons/truck.mjs';
import wrench from 'lucide/dist/esm/icons/wrench.mjs';
import zap from 'lucide/dist/esm/icons/zap.mjs';
import { type IconNode, lineIcon } from '#components/icons';
import type { CategoryIcon as IconKey } from '#shared/domain/finance';

/** The drawing of each finance category (Lucide, see components/icons.tsx). */
const NODES: Record<IconKey, IconNode> = {
  harvest: shrimp,
  feed: pkg,
  seed: egg,
  probiotic: pill,
  chemical: flaskConical,
  electricity: zap,
  fuel,
  labour: hardHat,
  maintenance: wrench,
  equipment: cog,
  transport: truck,
  water: droplet,
  lab: testTube,
  cash: banknote,
  other: circleEllipsis,
};
const ICONS = Object.fromEntries(Object.entries(NODES).map(([key, node]) => [key, lineIcon(node)]));

/** A finance category's icon; decorative, a label always sits beside it. */
export function CategoryIcon({ icon, className }: { icon: string; className?: string }) {
  const Icon = ICONS[icon] ?? ICONS.other;
  return <Icon className={className} />;
}
