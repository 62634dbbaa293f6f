import type { Sticker } from '#shared/chat/entities';

/** The built-in sticker sets, served from the app's own origin (public/stickers, original SVGs). */
const SETS: { name: string; order: number; stickers: string[] }[] = [
  { name: 'udang', order: 1, stickers: ['senang', 'lapar', 'panen', 'tidur'] },
  { name: 'tambak', order: 2, stickers: ['kincir', 'pakan', 'air', 'cuaca'] },
];

/** Sorted by set order, then sticker order (seed 001 §5). */
export function builtInStickers(): Sticker[] {
  return SETS.flatMap((set) =>
    set.stickers.map((name, i) => ({
      sticker_url: `/stickers/${set.name}/${name}.svg`,
      sticker_name: name,
      sticker_set_name: set.name,
      sticker_set_order: set.order,
      sticker_order: i + 1,
    })),
  ).sort((a, b) => a.sticker_set_order - b.sticker_set_order || a.sticker_order - b.sticker_order);
}
