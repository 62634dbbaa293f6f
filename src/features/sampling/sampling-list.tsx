import './register-locales.ts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '#components/confirm-dialog';
import { useFormat } from '#components/format';
import { EmptyState } from '#components/page';
import { PhotoPicker } from '#components/photo-picker';
import { RecordStatus } from '#components/record-status';
import { ShowMore, useFirst } from '#components/show-more';
import { useToast } from '#components/toast';
import { addRecordPhotos, removeRecordPhoto, useRecordPhotos } from '#components/use-record-photos.ts';
import { getDb, type Local, type TambakDb } from '#local/db';
import { createRepository } from '#local/repository';
import { SAMPLINGS } from '#local/resources';
import type { Pond } from '#shared/contracts/farm';
import type { Sampling } from '#shared/contracts/sampling';
import { SAMPLING_SIGNS } from '#shared/domain/sampling-signs';
import { previousSampling } from './entry-model.ts';
import { usePondSamplings } from './sampling-data.ts';
import { SamplingEditDialog } from './sampling-edit-dialog.tsx';
import { Figures } from './sampling-pond-card.tsx';
import './sampling.css';

/** Samplings a pond's list shows before "show more": the newest month or so of weekly samplings. */
const FIRST_SHOWN = 5;

interface Props {
  farmId: string;
  pond: Pond;
  /** Edit/delete for one sampling at `now`: `edit` (level 2), `own` (own entry under 24 h), else null. */
  rightOn: (row: Local<Sampling>, now: number) => 'edit' | 'own' | null;
  /** Only this farm day (YYYY-MM-DD): the pond's "Daily data" section; nothing shown when empty. */
  day?: string;
  db?: TambakDb;
}

function localToday(): string {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * A pond's samplings from the mirror, newest first: count and weight, ABW, size and ADG
 * against the cycle's sampling before, the signs, the photos (uploaded or still on the
 * phone) and the sync state; edit and delete for those allowed.
 */
export function SamplingList({ farmId, pond, rightOn, day, db = getDb() }: Props) {
  const { t } = useTranslation('sampling');
  const format = useFormat();
  const toast = useToast();
  const confirm = useConfirm();
  const now = useMinuteClock();
  const all = usePondSamplings(pond.pond_id, db);
  const rows = day ? all?.filter((r) => r.sampled_on === day) : all;
  // A pond's whole list shows its newest few first; a day's list shows whole.
  const { shown, hidden, showAll } = useFirst(rows ?? [], day ? Number.POSITIVE_INFINITY : FIRST_SHOWN);
  const photos = useRecordPhotos(
    'sampling',
    shown.map((r) => r.id),
  );
  const [editing, setEditing] = useState<Local<Sampling> | null>(null);
  if (!rows) return null;
  if (rows.length === 0) return day ? null : <EmptyState title={t('list.empty')} />;
  const today = localToday();
  const remove = async (row: Local<Sampling>) => {
    const ok = await confirm({ message: t('list.deleteConfirm', { date: format.date(row.sampled_on) }) });
    if (!ok) return;
    await createRepository<Sampling>(SAMPLINGS, db).remove(row.id);
    // Photos still on the phone go with it; uploaded ones the server deletes with the sampling.
    for (const photo of photos.get(row.id) ?? [])
      if (photo.status !== 'uploaded') await removeRecordPhoto(photo.id);
    toast.success(t('ui:toast.deleted'));
  };
  const content = (
    <>
      {day && <h3 className="sampling-day__title">{t('list.title')}</h3>}
      <ul className="sampling-list">
        {shown.map((row) => {
          const right = rightOn(row, now);
          const previous = previousSampling(all ?? rows, row.cycle_id, row.sampled_on);
          const signs = SAMPLING_SIGNS.filter((s) => row[s] > 0);
          return (
            <li key={row.id} className="sampling-item" data-sampling-id={row.id}>
              <div className="sampling-item__head">
                <h3 className="sampling-item__date">{format.date(row.sampled_on)}</h3>
                <RecordStatus row={row} />
              </div>
              <span>
                {t('list.count', { count: row.shrimp_count, weight: format.number(row.sample_weight, 2) })}
              </span>
              <Figures
                count={row.shrimp_count}
                weight={row.sample_weight}
                date={row.sampled_on}
                previous={previous}
              />
              <p className="sampling-item__signs">
                {t('list.signsShort')}:{' '}
                {signs.length === 0
                  ? t('list.noSigns')
                  : signs.map((s) => `${t(`fields.${s}`)} ${row[s]}`).join(', ')}
              </p>
              <PhotoPicker
                label={t('list.photos')}
                photos={photos.get(row.id) ?? []}
                readOnly={!right}
                onAdd={(picked) =>
                  addRecordPhotos(
                    { farmId, recordType: 'sampling', recordId: row.id, pondId: pond.pond_id },
                    picked,
                  )
                }
                onRemove={(id) => removeRecordPhoto(id)}
              />
              {right && (
                <div className="sampling-item__actions">
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    onClick={() => setEditing(row)}
                  >
                    {t('list.edit')}
                  </button>
                  <button
                    type="button"
                    className="button button--ghost-danger button--small"
                    onClick={() => void remove(row)}
                  >
                    {t('list.delete')}
                  </button>
                </div>
              )}
            </li>
          );
        })}
      </ul>
      <ShowMore hidden={hidden} onClick={showAll} />
      {editing && (
        <SamplingEditDialog
          row={editing}
          previous={previousSampling(all ?? rows, editing.cycle_id, editing.sampled_on)}
          earliest={null}
          today={today}
          db={db}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
  return day ? <section aria-label={t('list.title')}>{content}</section> : content;
}
