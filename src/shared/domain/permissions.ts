/**
 * Roles, features and permission levels of seed 000 §6. Action levels:
 * -1 none, 0 view, 1 view + add, 2 view + add + edit (edit includes delete).
 */
export const ROLE = { admin: 1, manager: 2, technician: 3, viewer: 4 } as const;
export type RoleId = (typeof ROLE)[keyof typeof ROLE];
export const ROLE_IDS: RoleId[] = [1, 2, 3, 4];

export const FEATURES = [
  'pond',
  'user_permission',
  'cycle',
  'sampling',
  'death',
  'disease',
  'stock',
  'harverst',
  'warehouse',
  'water_quality',
  'water_quality_setting',
  'finance',
  'own_records',
] as const;
export type Feature = (typeof FEATURES)[number];

export const ACTION = { none: -1, view: 0, add: 1, edit: 2 } as const;
export type Action = (typeof ACTION)[keyof typeof ACTION];

/** Pond access of a user with role id above 2, chosen per pond. */
export const POND_ACCESS = { view: 0, insert: 1, all: 2 } as const;
export type PondAccess = (typeof POND_ACCESS)[keyof typeof POND_ACCESS];

/**
 * `own_records` is not a screen but a rule (issue 12 point 5): at edit (2) a member may
 * edit and delete the records they entered themselves for 24 hours after saving them,
 * even without edit on the record's feature, as long as they may still add there. Any
 * lower level turns the rule off. Every role has it by default.
 */
export const OWN_RECORD_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * Whether the own-record rule lets `userId` change a record: their own, entered less
 * than 24 hours before `now` (the server's clock on the server), with `own_records` at
 * edit and still at least add on the record's feature for its pond.
 */
export function canFixOwnRecord(
  record: { created_by: string | null; created_at: string | Date },
  who: { userId: string; ownRecords: Action; featureLevel: Action },
  now: number,
): boolean {
  if (who.ownRecords < ACTION.edit || who.featureLevel < ACTION.add) return false;
  if (!record.created_by || record.created_by !== who.userId) return false;
  return ownRecordFresh(record.created_at, now);
}

/** Entered less than 24 hours before `now`. */
export function ownRecordFresh(createdAt: string | Date, now: number): boolean {
  const created = new Date(createdAt).getTime();
  return Number.isFinite(created) && now - created < OWN_RECORD_WINDOW_MS;
}

/**
 * The sidebar rule of seed 000 §2: the sidebar is usable when the member may view water
 * quality or anco (anco is `cycle` work, seed 000 §6), or may add sampling, disease, death,
 * stock, harvest or cycle. A member who may do none of these gets the compact navigation.
 */
export function sidebarUsable(actionOf: (feature: Feature) => Action): boolean {
  if (actionOf('water_quality') >= ACTION.view || actionOf('cycle') >= ACTION.view) return true;
  const adds: Feature[] = ['sampling', 'disease', 'death', 'stock', 'harverst', 'cycle'];
  return adds.some((feature) => actionOf(feature) >= ACTION.add);
}

const ALL_EDIT = Object.fromEntries(FEATURES.map((f) => [f, ACTION.edit])) as Record<Feature, Action>;

/** Defaults a new farm starts with; a farm admin may change rows of roles 2 to 4. */
export const DEFAULT_PERMISSIONS: Record<RoleId, Record<Feature, Action>> = {
  1: ALL_EDIT,
  2: { ...ALL_EDIT, user_permission: ACTION.view },
  3: {
    pond: ACTION.view,
    user_permission: ACTION.none,
    cycle: ACTION.add,
    sampling: ACTION.add,
    death: ACTION.add,
    disease: ACTION.add,
    stock: ACTION.add,
    harverst: ACTION.view,
    warehouse: ACTION.add,
    water_quality: ACTION.add,
    water_quality_setting: ACTION.view,
    finance: ACTION.none,
    own_records: ACTION.edit,
  },
  4: {
    ...(Object.fromEntries(FEATURES.map((f) => [f, ACTION.view])) as Record<Feature, Action>),
    user_permission: ACTION.none,
    finance: ACTION.none,
    own_records: ACTION.edit,
  },
};

/** Role ids 1 and 2 can edit the farm (seed 000 §6). */
export function canEditFarm(roleId: number): boolean {
  return roleId === ROLE.admin || roleId === ROLE.manager;
}

/** Role ids above 2 see only the ponds listed in their pond access. */
export function isPondRestricted(roleId: number): boolean {
  return roleId > ROLE.manager;
}

/**
 * What a user may do on one pond: the lower of the role's feature level and, for
 * restricted roles, the per-pond access (view → 0, insert → 1, all → 2).
 */
export function effectivePondAction(
  roleAction: Action,
  roleId: number,
  pondAccess: PondAccess | undefined,
): Action {
  if (!isPondRestricted(roleId)) return roleAction;
  if (pondAccess === undefined) return ACTION.none;
  return Math.min(roleAction, pondAccess) as Action;
}
