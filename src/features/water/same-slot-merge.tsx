import './register-locales.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '#components/dialog';
import { mergedChanges } from '#shared/domain/same-slot';
import { NOT_MEASURED } from '#shared/domain/water-fields';
import { useShowValue } from './reading-conflicts.tsx';
import { wallTime } from './reading-groups.ts';
import type { SameSlotDouble } from './same-slot-data.ts';
import { defaultChoice, differingFields } from './same-slot-model.ts';

interface MergeProps {
  double: SameSlotDouble;
  /** The reading the merge is saved into (the others are deleted). */
  targetId: string;
  /** "You" or "Someone else": who recorded a reading (two may share a minute). */
  whoOf: (row: SameSlotDouble['readings'][number]) => string;
  title: string;
  onClose: () => void;
  onSave: (changes: Record<string, unknown>) => Promise<void>;
}

/**
 * Merge per parameter: for each value the readings disagree on, which one stays. Saved
 * as a per-field edit of one reading (only the fields that change) and the removal of
 * the others.
 */
export function SameSlotMerge({ double, targetId, whoOf, title, onClose, onSave }: MergeProps) {
  const { t } = useTranslation(['water', 'ui']);
  const show = useShowValue(double.kind);
  const fields = differingFields(double.kind, double.readings);
  const [choice, setChoice] = useState(() => defaultChoice(fields));
  const [saving, setSaving] = useState(false);
  const target = double.readings.find((r) => r.id === targetId);
  const save = async () => {
    if (!target) return;
    setSaving(true);
    const rows = double.readings as unknown as Record<string, unknown>[];
    await onSave(mergedChanges(target as unknown as Record<string, unknown>, rows, choice));
    setSaving(false);
  };
  return (
    <Dialog
      open
      title={t('sameSlot.mergeTitle')}
      onClose={onClose}
      size="large"
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={onClose}>
            {t('ui:actions.cancel')}
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={saving}
            onClick={() => void save()}
          >
            {t('sameSlot.mergeSave')}
          </button>
        </>
      }
    >
      <p className="same-slot__merge-subject">{title}</p>
      <p>{fields.length > 0 ? t('sameSlot.mergeIntro') : t('sameSlot.mergeNothing')}</p>
      {fields.map(({ field, values }) => (
        <fieldset key={field} className="same-slot__field">
          <legend>{t(`fields.${field}`)}</legend>
          {values.map(({ id, value }) => {
            const row = double.readings.find((r) => r.id === id);
            return (
              <label key={id} className="same-slot__option">
                <input
                  type="radio"
                  name={`merge-${field}`}
                  checked={choice[field] === id}
                  onChange={() => setChoice((c) => ({ ...c, [field]: id }))}
                />
                <span>
                  {show(field, value ?? NOT_MEASURED)}
                  {row && (
                    <span className="muted">
                      {' · '}
                      {t('sameSlot.reading', { time: wallTime(row.measured_at), who: whoOf(row) })}
                    </span>
                  )}
                </span>
              </label>
            );
          })}
        </fieldset>
      ))}
    </Dialog>
  );
}
