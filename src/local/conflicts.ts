import type { FieldConflict } from '#shared/sync/field-merge';

export type { FieldConflict };

/**
 * The open conflicts of a record that THIS device lost (ADR 0002): values it wrote that
 * another device's later edit of the same field replaced. The server names the device in
 * each conflict; the record's other devices see nothing to act on.
 */
export function conflictsOf(row: { conflicts?: unknown }, deviceId: string | undefined): FieldConflict[] {
  if (!deviceId || !Array.isArray(row.conflicts)) return [];
  return (row.conflicts as FieldConflict[]).filter((c) => c?.lost?.device === deviceId);
}
