/**
 * Rows the user should see: everything but local deletions waiting for the server.
 * Kept apart from repository.ts so eagerly loaded screens can use it without pulling in
 * Dexie.
 */
export function visible<R extends { _deleted?: boolean }>(rows: readonly R[]): R[] {
  return rows.filter((row) => !row._deleted);
}
