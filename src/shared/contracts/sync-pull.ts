import { type Static, Type } from 'typebox';

/**
 * One pull of every record type in one request (issue 29 point 3, ADR 0065):
 * `POST /api/sync/pull` with the GET each mirror would have made (path and query, as
 * `src/local/resources.ts` builds it). The server answers each one as that list route
 * answers it (same authorization, validation and `server_time`), in the order asked. When
 * the answers pass a size budget the rest are named in `pending`, to be asked again.
 */

/** The list routes a device mirrors: the only paths a batched pull may name. */
export const SYNC_PULL_PATHS = [
  '/api/farm',
  '/api/notifications',
  '/api/block',
  '/api/pond',
  '/api/cycle',
  '/api/waterSetting',
  '/api/water/general',
  '/api/water/chemical',
  '/api/water/biological',
  '/api/sampling',
  '/api/photos',
  '/api/stock',
  '/api/harvest',
  '/api/death',
  '/api/warehouse',
  '/api/warehouse/history',
  '/api/feed/ration',
  '/api/purchase-order',
  '/api/anco',
  '/api/waterChange',
  '/api/note',
  '/api/disease',
  '/api/account',
  '/api/account/category',
  '/api/transaction',
  '/api/comparisonTemplate',
  '/api/farmPrice',
  '/api/forecastSetting',
] as const;

/** Record types asked for in one batch at most (the registry has 28). */
export const SYNC_PULL_MAX_REQUESTS = 40;

export const SyncPullBody = Type.Object(
  {
    requests: Type.Array(
      Type.Object(
        {
          /** The device's name for the answer (its mirror resource). */
          key: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.:-]+$' }),
          /** Path and query, e.g. `/api/pond?farm_id=…&since=…`. */
          url: Type.String({ minLength: 5, maxLength: 2048, pattern: '^/api/' }),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: SYNC_PULL_MAX_REQUESTS },
    ),
  },
  { additionalProperties: false },
);
export type SyncPullBody = Static<typeof SyncPullBody>;

export const SyncPullAnswer = Type.Object({
  key: Type.String(),
  /** The status the list route answered (200, or its 4xx with the error envelope). */
  status: Type.Integer(),
  /** That route's answer body: a ListEnvelope, or an ErrorEnvelope. */
  body: Type.Unknown(),
});
export type SyncPullAnswer = Static<typeof SyncPullAnswer>;

export const SyncPullData = Type.Object({
  answers: Type.Array(SyncPullAnswer),
  /** Keys not answered this time (the answer reached its size budget): ask again. */
  pending: Type.Array(Type.String()),
});
export type SyncPullData = Static<typeof SyncPullData>;
