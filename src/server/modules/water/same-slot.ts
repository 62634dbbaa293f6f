import type { KeepBothBody, WaterKind, WaterReading } from '#shared/contracts/water';
import { ACTION } from '#shared/domain/permissions';
import { inOneSlot } from '#shared/domain/same-slot';
import { AppError } from '../../errors.ts';
import type { FarmAccess } from '../../kernel/farm-access.ts';
import type { WaterRepository } from './water.repository.ts';
import { toReading } from './water-mapper.ts';

/**
 * "Keep both" for readings of one pond, farm day and slot (issue 29 point 6, ADR 0063).
 * Anyone who may add readings on the pond may say the readings there are meant: it
 * removes nothing. A reading that is missing, deleted or of another farm answers 404
 * (nothing of another farm is told); readings of different ponds, days or slots 400
 * `readings-not-same-slot`. Keeping one or merging uses the readings' own update and
 * delete routes, with their rights.
 */
export async function keepBoth<K extends WaterKind>(
  d: { readings: WaterRepository; access: FarmAccess },
  userId: string,
  kind: K,
  body: KeepBothBody,
): Promise<WaterReading<K>[]> {
  const rows = await d.readings.findLive(kind, body.ids);
  if (rows.length !== body.ids.length || rows.some((r) => r.farm_id !== body.farm_id))
    throw new AppError('not-found');
  const m = await d.access.membership(userId, body.farm_id);
  for (const pondId of new Set(rows.map((r) => r.pond_id))) {
    if (!d.access.canSeePond(m, pondId)) throw new AppError('not-found');
    if (d.access.pondAction(m, 'water_quality', pondId) < ACTION.add)
      throw new AppError('pond-access-denied');
  }
  if (!inOneSlot(rows.map((r) => toReading(kind, r)))) throw new AppError('readings-not-same-slot');
  await d.readings.keepInSlot(kind, body.ids);
  return (await d.readings.findLive(kind, body.ids)).map((r) => toReading(kind, r));
}
