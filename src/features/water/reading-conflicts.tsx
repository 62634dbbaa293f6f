import './register-locales.ts';
import { useTranslation } from 'react-i18next';
import { useFormat } from '#components/format';
import { RecordConflicts } from '#components/record-conflict';
import type { ServerRecord, TambakDb } from '#local/db';
import { createRepository } from '#local/repository';
import { NOT_MEASURED } from '#shared/domain/water-fields';
import { optionLabelKey } from '#shared/domain/water-options';
import { useUnit } from './reading-fields.tsx';
import type { ReadingItem } from './reading-groups.ts';
import { WATER_RESOURCES } from './save-readings.ts';
import { fieldSpec } from './water-fields.ts';

/** This device's values of the reading that another device's later edit replaced (ADR 0002). */
export function ReadingConflicts({ item, db }: { item: ReadingItem; db: TambakDb }) {
  const { t } = useTranslation('water');
  const show = useShowValue(item.kind);
  return (
    <RecordConflicts
      row={item.row}
      db={db}
      label={(field) => (field === 'measured_at' ? t('readings.measuredAt') : t(`fields.${field}`))}
      show={show}
      onRestore={(field, value) =>
        createRepository<ServerRecord>(WATER_RESOURCES[item.kind], db).update(item.row.id, { [field]: value })
      }
    />
  );
}

/** A reading's value as the list shows it: number and unit, option names, – when not measured. */
export function useShowValue(kind: ReadingItem['kind']) {
  const { t } = useTranslation('water');
  const format = useFormat();
  const unitOf = useUnit();
  return (field: string, value: unknown): string => {
    if (field === 'measured_at') return format.dateTime(String(value));
    if (typeof value !== 'number' || value === NOT_MEASURED) return '–';
    if (field === 'color' || field === 'weather') {
      const key = optionLabelKey(field, value);
      return key ? t(key) : '–';
    }
    const spec = fieldSpec(kind, field);
    const unit = spec ? unitOf(spec.unit) : '';
    return `${format.number(value)}${unit ? ` ${unit}` : ''}`;
  };
}
