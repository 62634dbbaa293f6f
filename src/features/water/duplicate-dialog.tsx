import './register-locales.ts';
import { useTranslation } from 'react-i18next';
import { Dialog } from '#components/dialog';
import { useFormat } from '#components/format';
import type { TimeOfDay } from '#shared/domain/time-of-day';
import type { Duplicate } from './duplicate-readings.ts';
import { wallDay, wallTime } from './reading-groups.ts';

export type DuplicateChoice = 'save' | 'cancel' | { edit: Duplicate };

interface DuplicateDialogProps {
  duplicates: readonly Duplicate[];
  pondName: (pondId: string) => string;
  /** May he change the stored reading of this pond (else only "save anyway" or cancel)? */
  canEdit: (pondId: string) => boolean;
  onChoose: (choice: DuplicateChoice) => void;
}

/**
 * "Kolam 3 already has a morning reading today": before a second row goes in, he can
 * open the one that is there (with what he typed) or save a second one on purpose.
 */
export function DuplicateDialog({ duplicates, pondName, canEdit, onChoose }: DuplicateDialogProps) {
  const { t } = useTranslation('water');
  const { t: ui } = useTranslation('ui');
  const format = useFormat();
  const first = duplicates[0]?.existing.row;
  return (
    <Dialog
      open
      title={t('duplicate.title')}
      onClose={() => onChoose('cancel')}
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={() => onChoose('cancel')}>
            {ui('actions.cancel')}
          </button>
          <button type="button" className="button button--primary" onClick={() => onChoose('save')}>
            {t('duplicate.saveAnyway')}
          </button>
        </>
      }
    >
      <p>
        {t('duplicate.intro', {
          count: duplicates.length,
          slot: first ? t(`timeOfDay.${first.time_of_day as TimeOfDay}`).toLowerCase() : '',
          date: first ? format.date(wallDay(first.measured_at)) : '',
        })}
      </p>
      <ul className="duplicate-list">
        {duplicates.map((duplicate) => {
          const { kind, row } = duplicate.existing;
          return (
            <li key={`${kind}-${row.id}`} className="duplicate-list__item">
              <span>
                {t('duplicate.item', {
                  pond: pondName(row.pond_id),
                  kind: t(`kinds.${kind}`),
                  time: wallTime(row.measured_at),
                })}
              </span>
              {canEdit(row.pond_id) && (
                <button
                  type="button"
                  className="button button--ghost button--small"
                  onClick={() => onChoose({ edit: duplicate })}
                >
                  {t('duplicate.edit')}
                  <span className="visually-hidden"> {pondName(row.pond_id)}</span>
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </Dialog>
  );
}
