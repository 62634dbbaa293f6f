import type { FastifyReply } from 'fastify';
import { type Compilable, type Expression, sql } from 'kysely';
import type { DbOrTx } from '../db/database.ts';

/**
 * The biggest lists a device pulls (a 200-pond farm's first sync: 54,000 stock movements,
 * 37,000 deaths) are written as JSON by PostgreSQL, not read into rows, mapped and
 * serialized again in the app (ADR 0082): one text value, spliced into the answer.
 * `query` selects each field under its answer name, already in the answer's form
 * (`isoTime` for instants, `::float8` for decimals); its ORDER BY is the array's order.
 */
export async function jsonList(db: DbOrTx, query: Compilable & Expression<unknown>): Promise<string> {
  const row = await jsonListQuery(db, query).executeTakeFirst();
  return row?.list ?? '[]';
}

/**
 * `jsonList`'s read as a query of its own, for a read built once (compiled-once.ts).
 * string_agg, not json_agg: no space and line break between the items.
 */
export function jsonListQuery(db: DbOrTx, query: Compilable & Expression<unknown>) {
  return db.selectNoFrom(
    sql<string>`(select '[' || coalesce(string_agg(row_to_json(t)::text, ','), '') || ']' from (${query}) t)`.as(
      'list',
    ),
  );
}

/** An instant as `Date.prototype.toISOString` writes it (UTC, milliseconds, `Z`), or null. */
export const isoTime = (column: string) =>
  sql<string | null>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The times and merge fields every synced record ends with, in the answer's form (`t`: the table or its alias). */
export const recordTailJson = (t: string) =>
  [
    isoTime(`${t}.created_at`).as('created_at'),
    isoTime(`${t}.updated_at`).as('updated_at'),
    isoTime(`${t}.deleted_at`).as('deleted_at'),
    sql.ref(`${t}.version`).as('version'),
    sql.ref(`${t}.conflicts`).as('conflicts'),
  ] as const;

/** The list envelope (ListEnvelope) around a list already in JSON. */
export function listEnvelope(message: string, list: string, serverTime: string): string {
  return `{"message":${JSON.stringify(message)},"data":${list},"server_time":${JSON.stringify(serverTime)}}`;
}

/**
 * Sends an answer already in JSON as it is: a string with a JSON content type is not
 * serialized again by the route's response schema.
 */
export function sendJsonList(reply: FastifyReply, text: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(text);
}
