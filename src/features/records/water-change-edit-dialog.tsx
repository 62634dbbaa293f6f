import './register-locales.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Local } from '#local/db';
import type { WaterChange } from '#shared/contracts/records';
import { RecordEditDialog } from './record-edit-dialog.tsx';
import { checkWaterChangeEdit, type WaterChangeEdit, waterChangeEditOf } from './record-edit-model.ts';
import { RecordDateTime, WaterChangeFields } from './record-fields.tsx';
import { localToday, waterChangeProblem } from './records-model.ts';

interface Props {
  row: Local<WaterChange>;
  pondName: string;
  cycleStart?: string;
  onClose: () => void;
}

/** Edits one water change: % and height of water changed, the note, day and time. */
export function WaterChangeEditDialog({ row, pondName, cycleStart, onClose }: Props) {
  const { t } = useTranslation('records');
  const [edit, setEdit] = useState<WaterChangeEdit>(() => waterChangeEditOf(row));
  const today = localToday();
  return (
    <RecordEditDialog
      table="waterChanges"
      row={row}
      title={t('edit.waterChangeTitle', { pond: pondName })}
      check={checkWaterChangeEdit(row, edit, { today, cycleStart })}
      onClose={onClose}
      size="small"
    >
      <RecordDateTime
        date={edit.date}
        time={edit.time}
        today={today}
        onChange={(next) => setEdit((e) => ({ ...e, ...next }))}
      />
      <WaterChangeFields
        value={edit}
        problem={waterChangeProblem(edit)}
        onChange={(v) => setEdit((e) => ({ ...e, ...v }))}
      />
    </RecordEditDialog>
  );
}
