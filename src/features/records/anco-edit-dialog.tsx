import './register-locales.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Local } from '#local/db';
import type { Anco } from '#shared/contracts/records';
import { ancoAdvice } from '#shared/domain/anco';
import { RecordEditDialog } from './record-edit-dialog.tsx';
import { type AncoEdit, ancoEditOf, checkAncoEdit } from './record-edit-model.ts';
import { FeedingPicker, RecordDateTime, TrayCount, TrayRow } from './record-fields.tsx';
import { localToday, tapTray } from './records-model.ts';

interface Props {
  row: Local<Anco>;
  pondName: string;
  cycleStart?: string;
  onClose: () => void;
}

/** Edits one feed tray check: each tray's status, the feeding, the day and time of the check. */
export function AncoEditDialog({ row, pondName, cycleStart, onClose }: Props) {
  const { t } = useTranslation('records');
  const [edit, setEdit] = useState<AncoEdit>(() => ancoEditOf(row));
  const today = localToday();
  const advice = ancoAdvice(edit.pond.statuses);
  const show = (field: string, value: unknown) =>
    field === 'data_anco' && Array.isArray(value)
      ? value.map((d: { status: string }) => t(`anco.status.${d.status}`)).join(', ')
      : String(value ?? '–');
  return (
    <RecordEditDialog
      table="anco"
      row={row}
      title={t('edit.ancoTitle', { pond: pondName })}
      check={checkAncoEdit(row, edit, { today, cycleStart })}
      show={show}
      onClose={onClose}
    >
      <RecordDateTime
        date={edit.date}
        time={edit.time}
        today={today}
        timeLabel={t('anco.checkedAt')}
        onChange={(next) => setEdit((e) => ({ ...e, ...next }))}
      />
      <FeedingPicker value={edit.feeding} onChange={(feeding) => setEdit((e) => ({ ...e, feeding }))} />
      <TrayCount value={edit.pond} onChange={(pond) => setEdit((e) => ({ ...e, pond }))} />
      {edit.pond.statuses.map((status, i) => (
        <TrayRow
          // biome-ignore lint/suspicious/noArrayIndexKey: trays are numbered by position
          key={i}
          index={i}
          status={status}
          onTap={(s) => setEdit((e) => ({ ...e, pond: tapTray(e.pond, i, s) }))}
        />
      ))}
      <p className={`anco-advice anco-advice--${advice}`} role="status">
        {t(`anco.advice.${advice}`)}
      </p>
    </RecordEditDialog>
  );
}
