import './register-locales.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Local } from '#local/db';
import type { Disease } from '#shared/contracts/records';
import { masterDisease } from '#shared/domain/diseases';
import { RecordEditDialog } from './record-edit-dialog.tsx';
import { checkDiseaseEdit, type DiseaseEdit, diseaseEditOf } from './record-edit-model.ts';
import { DiseaseSelect, RecordDateTime, SeverityPicker, TextField } from './record-fields.tsx';
import { localToday, num } from './records-model.ts';

interface Props {
  row: Local<Disease>;
  pondName: string;
  cycleStart?: string;
  onClose: () => void;
}

/** Edits one disease record: the disease from the master list, severity, share affected, note, day. */
export function DiseaseEditDialog({ row, pondName, cycleStart, onClose }: Props) {
  const { t, i18n } = useTranslation('records');
  const [edit, setEdit] = useState<DiseaseEdit>(() => diseaseEditOf(row));
  const today = localToday();
  const set = (patch: Partial<DiseaseEdit>) => setEdit((e) => ({ ...e, ...patch }));
  const affected = num(edit.affected, i18n.language);
  const affectedBad = affected !== null && !(affected >= 0 && affected <= 100);
  const show = (field: string, value: unknown) => {
    if (value === null || value === undefined) return '–';
    if (field === 'master_disease_id') {
      const m = masterDisease(Number(value));
      return m ? (i18n.language === 'en' ? m.name_en : m.name_id) : String(value);
    }
    if (field === 'severity') return t(`disease.severities.${value as 1 | 2 | 3}`);
    return String(value);
  };
  return (
    <RecordEditDialog
      table="diseases"
      row={row}
      title={t('edit.diseaseTitle', { pond: pondName })}
      check={checkDiseaseEdit(row, edit, { today, cycleStart })}
      show={show}
      onClose={onClose}
    >
      <RecordDateTime
        date={edit.date}
        today={today}
        onChange={(next) => set({ date: next.date ?? edit.date })}
      />
      <DiseaseSelect
        value={edit.diseaseId}
        error={edit.diseaseId ? null : t('disease.required')}
        onChange={(diseaseId) => set({ diseaseId })}
      />
      <SeverityPicker value={edit.severity} onChange={(severity) => set({ severity })} />
      <TextField
        label={t('disease.affected')}
        optional
        value={edit.affected}
        decimal
        error={affectedBad}
        onChange={(v) => set({ affected: v })}
      />
      {affectedBad && <p className="field__error">{t('disease.range')}</p>}
      <TextField label={t('common.note')} optional value={edit.note} onChange={(note) => set({ note })} />
    </RecordEditDialog>
  );
}
