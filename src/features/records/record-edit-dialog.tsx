import './register-locales.ts';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '#components/dialog';
import { EntryForm } from '#components/entry-form';
import { RecordConflicts } from '#components/record-conflict';
import { reachesServer } from '#components/sync-status.ts';
import { useToast } from '#components/toast';
import { getDb, type ServerRecord } from '#local/db';
import { createRepository } from '#local/repository';
import type { EditCheck } from './record-edit-model.ts';
import { RECORD_RESOURCE, type RecordTableName } from './records-data.ts';

interface Props<T> {
  table: RecordTableName;
  row: T & { id: string; conflicts?: unknown };
  title: string;
  check: EditCheck<T>;
  /** A stored value as the list shows it, for the conflict lines. */
  show?: (field: string, value: unknown) => string;
  onClose: () => void;
  /** `large` (taller, wider) for the long forms: trays, disease signs. */
  size?: 'small' | 'large';
  children: ReactNode;
}

/**
 * The frame of the four record edit dialogs: the conflicts this device lost on the record
 * (with one tap to put its value back), the fields, and a save that queues only the
 * changed fields through the outbox (saved on the phone at once, sent when online, merged
 * per field on the server, ADR 0002). Nothing is saved while a rule fails.
 */
export function RecordEditDialog<T>({
  table,
  row,
  title,
  check,
  show,
  onClose,
  size = 'large',
  children,
}: Props<T>) {
  const { t } = useTranslation('records');
  const toast = useToast();
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const repo = () => createRepository<ServerRecord>(RECORD_RESOURCE[table], getDb());
  const save = async () => {
    setTried(true);
    if (!check.changes) return;
    if (Object.keys(check.changes).length === 0) {
      toast.success(t('edit.nothingChanged'));
      return onClose();
    }
    setSaving(true);
    try {
      await repo().update(row.id, check.changes as ServerRecord);
      toast.success(t(reachesServer() ? 'edit.saved' : 'edit.savedOffline'));
      onClose();
    } catch {
      toast.error(t('common.saveFailed'));
    } finally {
      setSaving(false);
    }
  };
  const problem = tried && check.problem ? t(check.problem.key, check.problem.params) : null;
  return (
    <Dialog open size={size} title={title} onClose={onClose}>
      <EntryForm
        className="stack records-form record-edit"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <RecordConflicts
          row={row}
          label={(field) => t(`edit.field.${field}`, { defaultValue: field })}
          show={show ?? ((_, value) => (value === null || value === undefined ? '–' : String(value)))}
          onRestore={(field, value) => repo().update(row.id, { [field]: value })}
        />
        {children}
        {problem && (
          <p className="field__error" role="alert">
            {problem}
          </p>
        )}
        <div className="row record-edit__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="button button--primary" disabled={saving} aria-busy={saving}>
            {saving ? t('common.saving') : t('common.save')}
          </button>
        </div>
      </EntryForm>
    </Dialog>
  );
}
