import { type TSchema, Type } from 'typebox';

/** Success envelope of every API answer: `{ message, data }` (ARCHITECTURE.md §3). */
export const Envelope = <T extends TSchema>(data: T) => Type.Object({ message: Type.String(), data });

export const ErrorEnvelope = Type.Object({
  message: Type.String(),
  code: Type.String(),
  errors: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
});

export const Uuid = Type.String({ format: 'uuid' });
export const IdParams = Type.Object({ id: Uuid });
export const MessageOnly = Envelope(Type.Null());
/** Calendar date as the farmer means it, independent of time zone. */
export const IsoDate = Type.String({ format: 'date' });
/** Pull changes after this instant (ISO timestamp from the previous pull's `server_time`). */
export const Since = Type.Optional(Type.String({ format: 'date-time' }));
