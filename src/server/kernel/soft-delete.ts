import { sql } from 'kysely';

/**
 * The columns a soft delete sets: the row stays (offline mirrors learn of the delete on
 * their next pull, by `updated_at`) and every read filters `deleted_at is null`.
 */
export const softDeleted = () => ({ deleted_at: sql<Date>`now()`, updated_at: sql<Date>`now()` });

/** The same, keeping the first delete's instant when the row was already deleted. */
export const softDeletedOnce = () => ({
  deleted_at: sql<Date>`coalesce(deleted_at, now())`,
  updated_at: sql<Date>`now()`,
});
