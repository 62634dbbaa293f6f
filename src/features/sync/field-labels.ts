import type { TFunction } from 'i18next';
import type { SyncError } from '#local/db';

/**
 * A refused record's field messages as the sync screen shows them: each field by its label
 * (`field.<name>` of the sync namespace; a nested path such as `rows.0.fr` by its last
 * part), each message worded again from its key in the language of the moment, the
 * server's words only where the answer carried no key.
 */
export function fieldMessages(
  error: SyncError,
  word: (key: string, params?: Record<string, string | number>) => string,
): [string, string[]][] {
  const names = new Set([...Object.keys(error.issues ?? {}), ...Object.keys(error.fields ?? {})]);
  return [...names].map((field) => {
    const issues = error.issues?.[field];
    const said = error.fields?.[field] ?? [];
    const messages = issues ? issues.map((m, i) => word(m.key, m.params) || said[i] || m.key) : said;
    return [field, messages];
  });
}

/** A field's label: its translation, else its name made readable ("transaction date"). */
export function fieldLabel(t: TFunction, field: string): string {
  const name =
    field
      .split('.')
      .filter((part) => !/^\d+$/.test(part))
      .pop() ?? field;
  return (t(`field.${name}`, { defaultValue: '' }) as string) || name.replace(/_/g, ' ');
}
