import { v7 } from 'uuid';

/**
 * Ids of records made in the field and of outbox entries. UUIDv7 sorts by creation time
 * (uuid keeps a monotonic sequence inside one millisecond), so ordering the outbox by
 * id is FIFO, and a create is an idempotent upsert on the server: the id exists before
 * the first upload attempt (ARCHITECTURE.md §3).
 */
export function newId(): string {
  return v7();
}
