import { type TSchema, Type } from 'typebox';

/** Success envelope of every API answer: `{ message, data }` (ARCHITECTURE.md §3). */
export const Envelope = <T extends TSchema>(data: T) => Type.Object({ message: Type.String(), data });

/**
 * A write whose effect reaches records other than its own answers them too, under
 * `related`, keyed by the mirror resource's name (src/local/resources.ts): a restock
 * answers the item with its new stock. The device puts them in its mirror in the same
 * transaction as the acknowledgement (src/local/sync/apply-answer.ts), so nothing it
 * shows counts the write twice or not at all while the next pull is still to come.
 */
export const EnvelopeWithRelated = <T extends TSchema, R extends TSchema>(data: T, related: R) =>
  Type.Object({ message: Type.String(), data, related });

/**
 * Answer of list endpoints the offline mirror pulls (blocks, ponds, farms …):
 * `{ message, data: T[], server_time }`. `server_time` is the database clock when the
 * read started; send it back as `?since=` on the next pull. With `since`, `data` holds
 * every row changed after it, soft-deleted ones included (their `deleted_at` is set).
 * See src/server/modules/README.md.
 */
export const ListEnvelope = <T extends TSchema>(item: T) =>
  Type.Object({
    message: Type.String(),
    data: Type.Array(item),
    server_time: Type.String({ format: 'date-time' }),
  });

export const ErrorEnvelope = Type.Object({
  message: Type.String(),
  code: Type.String(),
  errors: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
  /** The same messages as keys of src/shared/i18n/messages.ts with their values (FieldIssues). */
  issues: Type.Optional(
    Type.Record(
      Type.String(),
      Type.Array(
        Type.Object({
          key: Type.String(),
          params: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]))),
        }),
      ),
    ),
  ),
});

export const Uuid = Type.String({ format: 'uuid' });
export const IdParams = Type.Object({ id: Uuid });
export const MessageOnly = Envelope(Type.Null());
/** Calendar date as the farmer means it, independent of time zone. */
export const IsoDate = Type.String({ format: 'date' });
/** Pull changes after this instant (ISO timestamp from the previous pull's `server_time`). */
export const Since = Type.Optional(Type.String({ format: 'date-time' }));
/**
 * `live=true`: only the records of cycles still running (a new device's first pull of a
 * long history; the rest follows in the background, ADR 0086).
 */
export const Live = Type.Optional(
  Type.Boolean({
    description: "true: only the records of the farm's running cycles (a device's first pull)",
  }),
);
