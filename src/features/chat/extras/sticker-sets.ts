import type { Sticker } from '#shared/chat/entities';

export interface StickerSet {
  name: string;
  stickers: Sticker[];
}

/**
 * Seed 001 §5: stickers sorted by set order, then sticker order; one tab per set in that
 * order. Custom stickers join the defaults (the same sort places them).
 */
export function stickerSets(list: { defaultStickers: Sticker[]; customStickers: Sticker[] }): StickerSet[] {
  const sorted = [...list.defaultStickers, ...list.customStickers].sort(
    (a, b) =>
      a.sticker_set_order - b.sticker_set_order ||
      a.sticker_set_name.localeCompare(b.sticker_set_name) ||
      a.sticker_order - b.sticker_order,
  );
  const sets: StickerSet[] = [];
  for (const sticker of sorted) {
    const last = sets.at(-1);
    if (last && last.name === sticker.sticker_set_name) last.stickers.push(sticker);
    else sets.push({ name: sticker.sticker_set_name, stickers: [sticker] });
  }
  return sets;
}

/** What a sticker message carries in `data.customData` (seed 001 §3). */
export interface StickerData {
  sticker_url?: string;
  sticker_name?: string;
}
