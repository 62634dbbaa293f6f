import { Type } from 'typebox';

/**
 * What every record type that devices edit offline answers next to its own fields
 * (ADR 0002): the version an edit starts from, and the open conflicts, values that lost
 * a collision with another device's edit of the same field (src/shared/sync/field-merge.ts).
 */
const Author = {
  by: Type.Union([Type.String(), Type.Null()]),
  by_name: Type.Union([Type.String(), Type.Null()]),
  device: Type.Union([Type.String(), Type.Null()]),
  edited_at: Type.String(),
  value: Type.Unknown(),
};

export const RecordConflict = Type.Object({
  field: Type.String(),
  lost: Type.Object(Author),
  kept: Type.Object(Author),
});

/** Always answered by the server; optional in the type because rows mirrored before them lack them. */
export const MergeFields = {
  version: Type.Optional(
    Type.Integer({ minimum: 1, description: 'Send it back as X-Base-Version with an edit' }),
  ),
  conflicts: Type.Optional(Type.Array(RecordConflict)),
};

export { MERGE_HEADERS } from '../sync/field-merge.ts';
