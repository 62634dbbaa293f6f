/**
 * How crowded the larvae are around a point of the photo (ADR 0119): the larvae counted
 * within a few larva lengths of it, as the count the whole frame would hold at that
 * density. A faint larva's lone dark eye-speck is counted only where this is high: on a
 * crowded part of a tray a speck is mostly a larva whose body stayed under the threshold,
 * on a sparse part as often a grain of debris (debris lies over the frame whatever the
 * larvae do, faint larvae follow the others).
 */

/** A counted mark: its centre and the larvae it holds (1 for a single, its estimate for a clump). */
export interface CrowdSpot {
  x: number;
  y: number;
  larvae: number;
}

/**
 * For each point, the larvae of `spots` whose centres lie within `reach` pixels of it,
 * less `own` (a point that is itself one of the spots does not crowd itself), scaled to
 * the frame (`frameArea` pixels): sum × frameArea / (π reach²). Spots are put in a grid of
 * `reach`-sized cells so each point looks at its 3 × 3 cells only.
 */
export function frameEquivalentCrowd(
  points: readonly { x: number; y: number }[],
  spots: readonly CrowdSpot[],
  reach: number,
  frameArea: number,
  own = 0,
): number[] {
  if (points.length === 0) return [];
  const cells = new Map<number, CrowdSpot[]>();
  // Cell keys as one number: rows far apart enough for any frame the engine works on.
  const key = (gx: number, gy: number) => gy * 1_000_003 + gx;
  for (const s of spots) {
    const k = key(Math.floor(s.x / reach), Math.floor(s.y / reach));
    const list = cells.get(k);
    if (list) list.push(s);
    else cells.set(k, [s]);
  }
  const r2 = reach * reach;
  const toFrame = frameArea / (Math.PI * r2);
  return points.map((p) => {
    const gx = Math.floor(p.x / reach);
    const gy = Math.floor(p.y / reach);
    let sum = 0;
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++)
        for (const s of cells.get(key(gx + dx, gy + dy)) ?? []) {
          const ox = s.x - p.x;
          const oy = s.y - p.y;
          if (ox * ox + oy * oy <= r2) sum += s.larvae;
        }
    return (sum - own) * toFrame;
  });
}
