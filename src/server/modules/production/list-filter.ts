import { sql } from 'kysely';

/** What the lists of stockings, harvests and deaths filter by (`changedAfter`: an offline pull). */
export interface ListFilter {
  farmId?: string;
  pondId?: string;
  stockId?: string;
  pondIds?: string[] | null;
  changedAfter?: Date;
  /** Only the records of cycles still running (`live=true`). */
  live?: boolean;
}

/** `= any($1::uuid[])`: one parameter for a list of ids. */
export const anyUuid = (ids: string[]) => sql<string>`any(${ids}::uuid[])`;
