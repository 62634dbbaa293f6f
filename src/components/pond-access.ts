import { featureAction } from '#components/farm-data';
import type { Farm, Pond } from '#shared/contracts/farm';
import {
  ACTION,
  type Action,
  canFixOwnRecord,
  effectivePondAction,
  type Feature,
  type PondAccess,
} from '#shared/domain/permissions';

/**
 * What the user may do on one pond for one feature, the way the server decides it
 * (farm-access.ts pondAction): the role's level on the feature, capped for roles above 2
 * by the per-pond access (view 0, insert 1, all 2).
 *
 * Why not `pond.access_level`: the pond list answers it for the `pond` feature, and a
 * technician's default there is view (0), so every pond would look closed to his
 * water and cycle entries although the server accepts them.
 */
export function pondAction(
  farm: Farm,
  pond: Pick<Pond, 'pond_id' | 'access_level'>,
  feature: Feature,
): Action {
  if (pond.access_level < ACTION.view) return ACTION.none; // not visible to this user at all
  const access = farm.access_pond.find((a) => a.pond_id === pond.pond_id)?.access_level;
  return effectivePondAction(featureAction(farm, feature), farm.role_id, access as PondAccess | undefined);
}

/** A pond record as the mirror holds it: server fields, and `_base` null while only on this device. */
export interface OwnedRecord {
  created_by?: string | null;
  created_at?: string;
  _base?: unknown;
}

/**
 * Whether the user may edit or delete one record of a pond, as the server decides it
 * (farm-access.ts requireRecordChange): `edit` with edit on the pond for the feature,
 * `own` by the own-record rule (their own entry, under 24 hours old, `own_records` at
 * edit), else null. A record saved on this phone and not uploaded yet is their own, fresh.
 */
export function recordRight(
  farm: Farm,
  pond: Pick<Pond, 'pond_id' | 'access_level'>,
  feature: Feature,
  record: OwnedRecord,
  userId: string | undefined,
  now = Date.now(),
): 'edit' | 'own' | null {
  const featureLevel = pondAction(farm, pond, feature);
  if (featureLevel >= ACTION.edit) return 'edit';
  if (!userId) return null;
  const who = { userId, ownRecords: featureAction(farm, 'own_records'), featureLevel };
  const local = record._base === null && !record.created_at;
  const own = local
    ? { created_by: userId, created_at: new Date(now) }
    : { created_by: record.created_by ?? null, created_at: record.created_at ?? '' };
  return canFixOwnRecord(own, who, now) ? 'own' : null;
}

/** Pond-level features a keeper enters records for. */
const POND_FEATURES: Feature[] = [
  'water_quality',
  'cycle',
  'sampling',
  'death',
  'disease',
  'stock',
  'harverst',
];

/**
 * What the user may do on a pond, for its label on the home screen: `all` (edit),
 * `enter` (add records, and fix their own for 24 hours when `ownFix`), or `view`.
 */
export function pondRights(
  farm: Farm,
  pond: Pick<Pond, 'pond_id' | 'access_level'>,
): { rights: 'all' | 'enter' | 'view'; ownFix: boolean } {
  const best = Math.max(...POND_FEATURES.map((f) => pondAction(farm, pond, f)));
  const ownFix = featureAction(farm, 'own_records') >= ACTION.edit;
  if (best >= ACTION.edit) return { rights: 'all', ownFix };
  if (best >= ACTION.add) return { rights: 'enter', ownFix };
  return { rights: 'view', ownFix: false };
}
