import './register-locales.ts';
import { DateTime, FixedOffsetZone } from 'luxon';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '#components/dialog';
import { useFormat } from '#components/format';
import { reachesServer } from '#components/sync-status.ts';
import { useToast } from '#components/toast';
import type { ServerRecord, TambakDb } from '#local/db';
import { createRepository } from '#local/repository';
import { OWN_RECORD_WINDOW_MS } from '#shared/domain/permissions';
import { standardsOfSlot, type WaterStandard } from '#shared/domain/water-standards';
import { measuredAt, slotOf, whenProblem } from './entry-model.ts';
import { ReadingConflicts } from './reading-conflicts.tsx';
import { ReadingFields } from './reading-fields.tsx';
import { type ReadingItem, wallDay, wallTime } from './reading-groups.ts';
import { WATER_RESOURCES } from './save-readings.ts';
import { checkEntry, type EntryValues, FIELD_ORDER, toText } from './water-fields.ts';
import { WhenFields } from './when-fields.tsx';

interface ReadingEditDialogProps {
  item: ReadingItem;
  pondName: string;
  standards: readonly WaterStandard[];
  db: TambakDb;
  /** Offered by the own-record rule (24 hours after entering it), not by edit rights. */
  own?: boolean;
  onClose: () => void;
  /** Values typed in the entry form for this pond, laid over the stored ones (a duplicate slot). */
  draft?: EntryValues;
  /** After the change was saved on the phone (before onClose). */
  onSaved?: () => void;
}

function initialValues(item: ReadingItem, language: string): EntryValues {
  const row = item.row as unknown as Record<string, number | null>;
  return Object.fromEntries(FIELD_ORDER[item.kind].map((field) => [field, toText(row[field], language)]));
}

/**
 * Edits one reading with the entry form's own fields. The update goes through the
 * repository like a create: saved on the phone at once, uploaded when there is signal;
 * editing a refused record sends it again.
 */
export function ReadingEditDialog({
  item,
  pondName,
  standards,
  db,
  own,
  onClose,
  draft,
  onSaved,
}: ReadingEditDialogProps) {
  const { t, i18n } = useTranslation(['water', 'ui']);
  const format = useFormat();
  const toast = useToast();
  const [values, setValues] = useState(() => ({
    ...initialValues(item, i18n.language),
    ...Object.fromEntries(Object.entries(draft ?? {}).filter(([, text]) => text.trim() !== '')),
  }));
  const [date, setDate] = useState(wallDay(item.row.measured_at));
  const [time, setTime] = useState(wallTime(item.row.measured_at));
  const [saving, setSaving] = useState(false);
  const check = checkEntry(item.kind, values, i18n.language);
  const problem = whenProblem(date, time);
  const blocked = Object.keys(check.problems).length > 0 || problem !== null;

  const save = async () => {
    // Keep the offset the reading was taken at: the same wall clock, the same slot.
    const offset = item.row.utc_offset;
    const when = measuredAt(
      date,
      time,
      Number.isInteger(offset) ? FixedOffsetZone.instance(offset) : 'local',
    );
    if (blocked || !when) return;
    setSaving(true);
    try {
      await createRepository<ServerRecord>(WATER_RESOURCES[item.kind], db).update(item.row.id, {
        ...check.values,
        ...when,
      });
      toast.success(t(reachesServer() ? 'readings.updated' : 'readings.updatedOffline'));
      onSaved?.();
      onClose();
    } catch {
      toast.error(t('saveFailed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog
      open
      size="large"
      title={t('readings.editTitle', { kind: t(`kinds.${item.kind}`), pond: pondName })}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={onClose}>
            {t('ui:actions.cancel')}
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={blocked || saving}
            aria-busy={saving}
            onClick={() => void save()}
          >
            {saving ? t('ui:actions.saving') : t('ui:actions.save')}
          </button>
        </>
      }
    >
      <div className="stack">
        {own && <OwnWindowNote createdAt={item.row.created_at} format={format} />}
        <ReadingConflicts item={item} db={db} />
        <WhenFields
          date={date}
          time={time}
          maxDate={DateTime.local().toISODate() ?? ''}
          problem={problem}
          onChange={(next) => {
            if (next.date !== undefined) setDate(next.date);
            if (next.time !== undefined) setTime(next.time);
          }}
        />
        <ReadingFields
          kind={item.kind}
          values={values}
          standards={standardsOfSlot(standards, slotOf(time))}
          onChange={(field, text) => setValues((v) => ({ ...v, [field]: text }))}
        />
      </div>
    </Dialog>
  );
}

/** Why a keeper may edit this reading, and until when (own_records, issue 12 point 5). */
function OwnWindowNote({
  createdAt,
  format,
}: {
  createdAt: string | undefined;
  format: ReturnType<typeof useFormat>;
}) {
  const { t } = useTranslation('water');
  const until = createdAt ? new Date(new Date(createdAt).getTime() + OWN_RECORD_WINDOW_MS) : null;
  return (
    <p className="notice" data-testid="own-window">
      {until
        ? t('readings.ownUntil', { date: format.date(until), time: format.time(until) })
        : t('readings.ownFresh')}
    </p>
  );
}
