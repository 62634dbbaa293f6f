import './register-locales.ts';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '#components/confirm-dialog';
import { featureAction, usePonds } from '#components/farm-data';
import { useFormat } from '#components/format';
import { PlusIcon } from '#components/icons';
import { PhotoPicker } from '#components/photo-picker';
import { recordRight } from '#components/pond-access.ts';
import { RecordStatus } from '#components/record-status';
import { useSession } from '#components/session';
import { useToast } from '#components/toast';
import { addRecordPhotos, removeRecordPhoto, useRecordPhotos } from '#components/use-record-photos.ts';
import { useServerDay } from '#components/use-server-day';
import { api } from '#local/api-client';
import { keepServerRow } from '#local/day-coverage';
import { getDb, type Local } from '#local/db';
import { photosOf } from '#local/photos';
import { createRepository } from '#local/repository';
import type { Farm, Pond } from '#shared/contracts/farm';
import type { Anco, Disease, Note, WaterChange } from '#shared/contracts/records';
import { ancoAdvice } from '#shared/domain/anco';
import { masterDisease } from '#shared/domain/diseases';
import { ACTION } from '#shared/domain/permissions';
import { AncoEditDialog } from './anco-edit-dialog.tsx';
import { DiseaseEditDialog } from './disease-edit-dialog.tsx';
import { NoteEditDialog } from './note-edit-dialog.tsx';
import {
  RECORD_FEATURE,
  RECORD_RESOURCE,
  type RecordTableName,
  useFarmCycles,
  useFarmRecords,
} from './records-data.ts';
import { ancoCounts, newestFirst } from './records-model.ts';
import { WaterChangeEditDialog } from './water-change-edit-dialog.tsx';

type AnyRecord = Local<Anco> | Local<WaterChange> | Local<Note> | Local<Disease>;

/**
 * Whether the server would let him edit or delete the record: edit on the pond for the
 * record's feature, or his own under 24 h (a record only on this phone is his, fresh).
 */
function useMayChange(farm: Farm, table: RecordTableName, row: AnyRecord, pond?: Pond): boolean {
  const session = useSession();
  const userId = session?.user?.id ?? session?.pu_id;
  const feature = RECORD_FEATURE[table];
  return pond
    ? recordRight(farm, pond, feature, row, userId) !== null
    : featureAction(farm, feature) >= ACTION.edit ||
        (row.created_by === userId && Date.now() - Date.parse(row.created_at ?? '') < 86_400_000) ||
        (row._base === null && !row.created_at);
}

/** "Ubah": opens the record type's edit dialog (same rule as delete). */
function EditButton({
  farm,
  table,
  row,
  pond,
}: {
  farm: Farm;
  table: RecordTableName;
  row: AnyRecord;
  pond?: Pond;
}) {
  const { t } = useTranslation('records');
  const [open, setOpen] = useState(false);
  const cycles = useFarmCycles(farm.farm_id);
  if (!useMayChange(farm, table, row, pond)) return null;
  const cycleStart = cycles?.find((c) => c.cycle_id === row.cycle_id)?.start_date;
  const close = () => setOpen(false);
  const common = { pondName: pond?.name ?? '', cycleStart, onClose: close };
  return (
    <>
      <button
        type="button"
        className="button button--ghost button--small"
        onClick={async () => {
          await keepServerRow(getDb(), RECORD_RESOURCE[table], row);
          setOpen(true);
        }}
      >
        {t('common.edit')}
      </button>
      {open && table === 'anco' && <AncoEditDialog row={row as Local<Anco>} {...common} />}
      {open && table === 'waterChanges' && (
        <WaterChangeEditDialog row={row as Local<WaterChange>} {...common} />
      )}
      {open && table === 'notes' && <NoteEditDialog row={row as Local<Note>} onClose={close} />}
      {open && table === 'diseases' && <DiseaseEditDialog row={row as Local<Disease>} {...common} />}
    </>
  );
}

/** Delete (with a confirm) when the server would allow it: edit on the pond, or his own under 24 h. */
/** The photo record type of the records that take photos. */
const PHOTO_TYPE: Partial<Record<RecordTableName, string>> = { notes: 'note', diseases: 'disease' };

function DeleteButton({
  farm,
  table,
  row,
  pond,
}: {
  farm: Farm;
  table: RecordTableName;
  row: AnyRecord;
  pond?: Pond;
}) {
  const { t } = useTranslation('records');
  const confirm = useConfirm();
  const toast = useToast();
  if (!useMayChange(farm, table, row, pond)) return null;
  return (
    <button
      type="button"
      className="button button--ghost button--small"
      onClick={async () => {
        if (!(await confirm({ message: t('common.deleteConfirm') }))) return;
        const db = getDb();
        await keepServerRow(getDb(), RECORD_RESOURCE[table], row);
        await createRepository(RECORD_RESOURCE[table], db).remove(row.id);
        // Photos still on the phone go with it; uploaded ones the server deletes with the record.
        const photoType = PHOTO_TYPE[table];
        if (photoType) {
          const photos = (await photosOf(db, photoType, [row.id])).get(row.id) ?? [];
          for (const photo of photos) if (photo.status !== 'uploaded') await removeRecordPhoto(photo.id);
        }
        toast.success(t('common.deleted'));
      }}
    >
      {t('common.delete')}
    </button>
  );
}

function Item({
  farm,
  table,
  row,
  pond,
  title,
  when,
  children,
}: {
  farm: Farm;
  table: RecordTableName;
  row: AnyRecord;
  pond?: Pond;
  title: ReactNode;
  when: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation('records');
  return (
    <li className="record-item" data-testid={`record-${table}`}>
      <div className="record-item__head">
        <strong className="record-item__title">{title}</strong>
        <span className="record-item__actions">
          <EditButton farm={farm} table={table} row={row} pond={pond} />
          <DeleteButton farm={farm} table={table} row={row} pond={pond} />
        </span>
      </div>
      <p className="record-item__when muted">
        {when}
        {row.created_by_name ? ` · ${t('common.by', { name: row.created_by_name })}` : ''}
      </p>
      {children}
      <RecordStatus row={row} />
    </li>
  );
}

function AncoItem({ farm, row, pond }: { farm: Farm; row: Local<Anco>; pond?: Pond }) {
  const { t } = useTranslation('records');
  const f = useFormat();
  const statuses = row.data_anco.map((d) => d.status);
  const advice = ancoAdvice(statuses);
  return (
    <Item
      farm={farm}
      table="anco"
      row={row}
      pond={pond}
      title={`${pond?.name ?? ''} · ${t('anco.feedingN', { n: row.feeding_time })}`}
      when={`${f.date(row.check_date)} ${row.checked_at}`}
    >
      <p>{t('anco.summary', ancoCounts(statuses))}</p>
      <p className={`anco-advice anco-advice--${advice}`}>{t(`anco.advice.${advice}`)}</p>
    </Item>
  );
}

function WaterChangeItem({ farm, row, pond }: { farm: Farm; row: Local<WaterChange>; pond?: Pond }) {
  const f = useFormat();
  const parts = [
    row.percent !== null ? `${f.number(row.percent, 1)} %` : null,
    row.height_cm !== null ? `${f.number(row.height_cm, 1)} cm` : null,
    row.total_water_m3 != null ? `${f.number(row.total_water_m3, 2)} m³` : null,
  ].filter(Boolean);
  return (
    <Item
      farm={farm}
      table="waterChanges"
      row={row}
      pond={pond}
      title={`${pond?.name ?? ''} · ${parts.join(' · ')}`}
      when={`${f.date(row.change_date)}${row.change_time ? ` ${row.change_time}` : ''}`}
    >
      {row.note && <p>{row.note}</p>}
    </Item>
  );
}

export function NoteItem({ farm, row, pond }: { farm: Farm; row: Local<Note>; pond?: Pond }) {
  const { t } = useTranslation('records');
  const f = useFormat();
  return (
    <Item
      farm={farm}
      table="notes"
      row={row}
      pond={pond}
      title={row.title}
      when={`${f.date(row.note_date)} · ${pond?.name ?? t('common.farmWide')}`}
    >
      {row.description && <p className="record-item__text">{row.description}</p>}
      {row.tags.length > 0 && (
        <ul className="tag-list">
          {row.tags.map((tag) => (
            <li key={tag} className="tag">
              {tag}
            </li>
          ))}
        </ul>
      )}
      <NotePhotos farm={farm} row={row} pond={pond} />
    </Item>
  );
}

/**
 * A note's photos: shown to everyone who sees the note; added or removed by whoever may
 * change it (the same rule as its edit button), offline too (queued behind the note).
 */
function NotePhotos({ farm, row, pond }: { farm: Farm; row: Local<Note>; pond?: Pond }) {
  const { t } = useTranslation('records');
  const photos = useRecordPhotos('note', [row.id]).get(row.id) ?? [];
  const mayChange = useMayChange(farm, 'notes', row, pond);
  const [adding, setAdding] = useState(false);
  if (photos.length === 0 && !mayChange) return null;
  // A note without photos offers one small button, not the camera and gallery under every note.
  if (photos.length === 0 && !adding)
    return (
      <button type="button" className="button button--ghost button--small" onClick={() => setAdding(true)}>
        <PlusIcon /> {t('notes.addPhoto')}
      </button>
    );
  return (
    <PhotoPicker
      label={t('notes.photos')}
      photos={photos}
      readOnly={!mayChange}
      onAdd={(picked) =>
        addRecordPhotos(
          { farmId: farm.farm_id, recordType: 'note', recordId: row.id, pondId: row.pond_id },
          picked,
        )
      }
      onRemove={(id) => removeRecordPhoto(id)}
    />
  );
}

export function DiseaseItem({ farm, row, pond }: { farm: Farm; row: Local<Disease>; pond?: Pond }) {
  const { t, i18n } = useTranslation('records');
  const f = useFormat();
  const master = masterDisease(row.master_disease_id);
  const en = i18n.language === 'en';
  return (
    <Item
      farm={farm}
      table="diseases"
      row={row}
      pond={pond}
      title={`${pond?.name ?? ''} · ${master ? (en ? master.name_en : master.name_id) : row.master_disease_id}`}
      when={f.date(row.disease_date)}
    >
      <p className="record-item__meta">
        {row.severity
          ? `${t('disease.severity')}: ${t(`disease.severities.${row.severity as 1 | 2 | 3}`)}`
          : ''}
        {row.affected_percent !== null ? ` · ${f.number(row.affected_percent, 0)} %` : ''}
      </p>
      {master && (
        <details className="record-item__signs">
          <summary>{t('disease.signs')}</summary>
          <p>{en ? master.signs_en : master.signs_id}</p>
        </details>
      )}
      {row.note && <p className="record-item__text">{row.note}</p>}
      <DiseasePhotos id={row.id} />
    </Item>
  );
}

/** The record's photos from the mirror: the server URL once uploaded, the Blob before. */
function DiseasePhotos({ id }: { id: string }) {
  const { t } = useTranslation('records');
  const photos = useRecordPhotos('disease', [id]).get(id) ?? [];
  if (photos.length === 0) return null;
  return <PhotoPicker readOnly photos={photos} label={t('disease.photos')} />;
}

interface ListProps {
  farm: Farm;
  /** One pond's records; all of the farm's when absent. */
  pond?: string;
  /** One farm day (YYYY-MM-DD); the latest ones when absent. */
  day?: string;
  /** At most this many (default 20 for recent lists, all for a day). */
  limit?: number;
  empty?: string;
}

const DAY_FIELD = {
  anco: 'check_date',
  waterChanges: 'change_date',
  notes: 'note_date',
  diseases: 'disease_date',
} as const;
const TIME_FIELD = {
  anco: 'checked_at',
  waterChanges: 'change_time',
  notes: undefined,
  diseases: undefined,
} as const;

function RecordList({ farm, pond, day, limit, empty, table }: ListProps & { table: RecordTableName }) {
  const { t } = useTranslation('records');
  const local = useFarmRecords(table, farm.farm_id);
  const ponds = usePonds(farm.farm_id).data;
  // One pond's day the device does not keep (anco, water changes: a window): the server's too.
  const resource = RECORD_RESOURCE[table];
  const localIds = useMemo(() => local?.map((r) => r.id), [local]);
  const server = useServerDay<AnyRecord>({
    key: `pond-day:${table}:${pond}`,
    farmId: farm.farm_id,
    day: pond && resource.kept ? day : undefined,
    resources: [resource],
    fetch: (d) =>
      api.get<AnyRecord[]>(`/${RECORD_PATH[table]}`, {
        farm_id: farm.farm_id,
        pond_id: pond ?? '',
        from: d,
        to: d,
      }),
    localIds,
  });
  const rows = useMemo(
    () => local && (server.extra.length > 0 ? [...local, ...(server.extra as AnyRecord[])] : local),
    [local, server.extra],
  );
  const shown = useMemo(() => {
    const field = DAY_FIELD[table];
    const mine = (rows ?? []).filter(
      (r) =>
        (!pond || r.pond_id === pond) && (!day || (r as unknown as Record<string, string>)[field] === day),
    );
    const sorted = newestFirst(mine as AnyRecord[], field as never, TIME_FIELD[table] as never);
    return sorted.slice(0, limit ?? (day ? undefined : 20));
  }, [rows, pond, day, limit, table]);
  if (!rows) return null;
  // A day list ("Daily data") shows nothing on a day without records of its type.
  if (shown.length === 0) return day ? null : <p className="muted">{empty ?? t('common.empty')}</p>;
  const pondOf = (id: string | null) => ponds?.find((p) => p.pond_id === id);
  const list = (
    <ul className="record-list">
      {shown.map((row) => {
        const p = pondOf(row.pond_id);
        if (table === 'anco') return <AncoItem key={row.id} farm={farm} row={row as Local<Anco>} pond={p} />;
        if (table === 'waterChanges')
          return <WaterChangeItem key={row.id} farm={farm} row={row as Local<WaterChange>} pond={p} />;
        if (table === 'notes') return <NoteItem key={row.id} farm={farm} row={row as Local<Note>} pond={p} />;
        return <DiseaseItem key={row.id} farm={farm} row={row as Local<Disease>} pond={p} />;
      })}
    </ul>
  );
  if (!day) return list;
  const title = t(`${DAY_TITLE[table]}.title`);
  return (
    <section className="record-day" aria-label={title}>
      <h3 className="record-day__title">{title}</h3>
      {list}
    </section>
  );
}

/** The API list of each record type (GET /api/<path>?pond_id&from&to). */
const RECORD_PATH = {
  anco: 'anco',
  waterChanges: 'waterChange',
  notes: 'note',
  diseases: 'disease',
} as const;

const DAY_TITLE = { anco: 'anco', waterChanges: 'waterChange', notes: 'notes', diseases: 'disease' } as const;

/**
 * Per-record-type lists for the pond's "Daily data" screen (`day` set: a titled section,
 * nothing on a day without records) and for recent
 * lists (`day` absent): the app composes them (src/app/screens); each reads the mirror,
 * so it works offline and updates on every save and sync.
 */
export const AncoDayList = (p: Required<Pick<ListProps, 'farm' | 'pond' | 'day'>>) => (
  <RecordList {...p} table="anco" />
);
export const WaterChangeDayList = (p: Required<Pick<ListProps, 'farm' | 'pond' | 'day'>>) => (
  <RecordList {...p} table="waterChanges" />
);
export const NoteDayList = (p: Required<Pick<ListProps, 'farm' | 'pond' | 'day'>>) => (
  <RecordList {...p} table="notes" />
);
export const DiseaseDayList = (p: Required<Pick<ListProps, 'farm' | 'pond' | 'day'>>) => (
  <RecordList {...p} table="diseases" />
);
export const AncoRecentList = (p: Omit<ListProps, 'day'>) => <RecordList {...p} table="anco" />;
export const WaterChangeRecentList = (p: Omit<ListProps, 'day'>) => (
  <RecordList {...p} table="waterChanges" />
);
export const NoteRecentList = (p: Omit<ListProps, 'day'>) => <RecordList {...p} table="notes" />;
export const DiseaseRecentList = (p: Omit<ListProps, 'day'>) => <RecordList {...p} table="diseases" />;
