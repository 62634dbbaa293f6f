import { useLiveMirror } from '#components/use-live-mirror.ts';
import type { Local, TambakDb } from '#local/db';
import { createRepository } from '#local/repository';
import { COMPARISON_TEMPLATES } from '#local/resources';
import { visible } from '#local/visible';
import type { ComparisonTemplate } from '#shared/contracts/comparison';

/**
 * The caller's comparison templates of a farm: read live from the mirror, written through
 * the outbox (saved offline too; the device's UUIDv7 makes a replayed create one copy).
 */
export const templatesRepo = () => createRepository<ComparisonTemplate>(COMPARISON_TEMPLATES);

export function useTemplates(farmId: string) {
  return useLiveMirror(`comparison-templates:${farmId}`, async (db: TambakDb) =>
    (
      visible(
        await db.comparisonTemplates.where('farm_id').equals(farmId).toArray(),
      ) as Local<ComparisonTemplate>[]
    )
      .filter((r) => !r.deleted_at)
      .sort((a, b) => a.name.localeCompare(b.name, undefined, { numeric: true })),
  );
}
