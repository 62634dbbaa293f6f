import './register-locales.ts';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePonds } from '#components/farm-data';
import { FarmGate } from '#components/farm-gate';
import { Card, Loaded, Loading, PageHeader } from '#components/page';
import { PhotoPicker, type PickedPhoto } from '#components/photo-picker';
import { pondAction } from '#components/pond-access.ts';
import { getDb } from '#local/db';
import { newId } from '#local/ids';
import { saveRecordsWithPhotos } from '#local/photos';
import { NOTES } from '#local/resources';
import type { Farm, Pond } from '#shared/contracts/farm';
import type { Note } from '#shared/contracts/records';
import { ACTION } from '#shared/domain/permissions';
import { NoteDescriptionField, NoteTagsField, NoteTitleField } from './note-fields.tsx';
import { RecordEntryForm, useEntryReturn, useRecordSave } from './record-entry-form.tsx';
import { RecordDateTime } from './record-fields.tsx';
import { NoteItem } from './record-lists.tsx';
import { activeCycleOf, useDraftState, useFarmCycles, useFarmRecords } from './records-data.ts';
import { dayProblem, localToday, newestFirst, parseTagInput, tagsOf, tagsValid } from './records-model.ts';
import './records.css';

const DRAFT = 'note';
interface NoteDraft {
  date: string;
  title: string;
  pondId: string;
  tags: string;
  description: string;
}
const initial = (): NoteDraft => ({ date: localToday(), title: '', pondId: '', tags: '', description: '' });
const hasContent = (s: NoteDraft) => !!(s.title.trim() || s.tags.trim() || s.description.trim());

function NoteForm({ farm, ponds }: { farm: Farm; ponds: Pond[] }) {
  const { t } = useTranslation('records');
  const pondFieldId = useId();
  const cycles = useFarmCycles(farm.farm_id);
  const { state, setState, ready, restored, reset } = useDraftState(farm.farm_id, DRAFT, initial, hasContent);
  const { leaveTo } = useEntryReturn(farm.farm_id);
  const { saving, run } = useRecordSave(leaveTo);
  const [tried, setTried] = useState(false);
  // Picked photos stay in the form (Blobs, not in the text draft) until the save stores them with the note.
  const [picked, setPicked] = useState<(PickedPhoto & { id: string })[]>([]);
  const today = localToday();
  const choosable = ponds.filter((p) => pondAction(farm, p, 'cycle') >= ACTION.add);
  if (!ready) return <Loading />;
  const tags = parseTagInput(state.tags);
  const titleError = tried && !state.title.trim() ? t('notes.titleRequired') : null;
  const tagError = tagsValid(tags) ? null : t('notes.tooManyTags');
  const dateError = dayProblem(state.date, today) ? t('common.future') : null;
  const set = (patch: Partial<NoteDraft>) => setState((s) => ({ ...s, ...patch }));

  const save = async () => {
    setTried(true);
    if (!state.title.trim() || tagError || dateError) return;
    await run(async () => {
      const pondId = state.pondId || null;
      const id = newId();
      const record: Partial<Note> = {
        id,
        farm_id: farm.farm_id,
        pond_id: pondId,
        cycle_id: pondId ? (activeCycleOf(cycles ?? [], pondId)?.cycle_id ?? null) : null,
        note_date: state.date,
        title: state.title.trim(),
        tags,
        description: state.description.trim(),
      };
      await saveRecordsWithPhotos(
        getDb(),
        NOTES,
        [record],
        [{ target: { farmId: farm.farm_id, recordType: 'note', recordId: id, pondId }, photos: picked }],
      );
      setPicked([]);
      reset(initial());
      setTried(false);
      return t('common.saved');
    });
  };

  return (
    <RecordEntryForm restored={restored} onDiscard={() => reset(initial())} onSave={save} saving={saving}>
      <NoteTitleField value={state.title} error={titleError} onChange={(title) => set({ title })} />
      <RecordDateTime
        date={state.date}
        today={today}
        onChange={(next) => set({ date: next.date ?? state.date })}
      />
      {dateError && <p className="field__error">{dateError}</p>}
      <div className="field">
        <label className="field__label" htmlFor={pondFieldId}>
          {t('common.pond')} <span className="field__optional">({t('common.optional')})</span>
        </label>
        <select
          id={pondFieldId}
          className="field__input"
          value={state.pondId}
          onChange={(e) => set({ pondId: e.target.value })}
        >
          <option value="">{t('common.farmWide')}</option>
          {choosable.map((p) => (
            <option key={p.pond_id} value={p.pond_id}>
              {p.name}
            </option>
          ))}
        </select>
        <p className="field__hint">{t('notes.pondHint')}</p>
      </div>
      <NoteTagsField value={state.tags} error={tagError} onChange={(tags) => set({ tags })} />
      <NoteDescriptionField value={state.description} onChange={(description) => set({ description })} />
      <PhotoPicker
        label={t('notes.photos')}
        photos={picked.map((p) => ({ id: p.id, status: 'new', blob: p.blob }))}
        onAdd={(more) => setPicked((list) => [...list, ...more.map((p) => ({ ...p, id: newId() }))])}
        onRemove={(photoId) => setPicked((list) => list.filter((p) => p.id !== photoId))}
      />
    </RecordEntryForm>
  );
}

function NoteList({ farm, ponds }: { farm: Farm; ponds: Pond[] }) {
  const { t } = useTranslation('records');
  const notes = useFarmRecords('notes', farm.farm_id);
  const [tag, setTag] = useState<string | null>(null);
  const all = useMemo(() => tagsOf(notes ?? []), [notes]);
  const shown = useMemo(
    () =>
      newestFirst(
        (notes ?? []).filter((n) => !tag || n.tags.includes(tag)),
        'note_date',
      ),
    [notes, tag],
  );
  if (!notes) return <Loading />;
  return (
    <>
      {all.length > 0 && (
        <fieldset className="filter-chips">
          <legend className="visually-hidden">{t('notes.filter')}</legend>
          <button
            type="button"
            className="filter-chip"
            aria-pressed={tag === null}
            onClick={() => setTag(null)}
          >
            {t('notes.allTags')}
          </button>
          {all.map((x) => (
            <button
              key={x}
              type="button"
              className="filter-chip"
              aria-pressed={tag === x}
              onClick={() => setTag(tag === x ? null : x)}
            >
              {x}
            </button>
          ))}
        </fieldset>
      )}
      {shown.length === 0 ? (
        <p className="muted">{t('common.empty')}</p>
      ) : (
        <ul className="record-list">
          {shown.map((n) => (
            <NoteItem key={n.id} farm={farm} row={n} pond={ponds.find((p) => p.pond_id === n.pond_id)} />
          ))}
        </ul>
      )}
    </>
  );
}

function Body({ farm }: { farm: Farm }) {
  const { t } = useTranslation('records');
  const ponds = usePonds(farm.farm_id);
  const { back } = useEntryReturn(farm.farm_id);
  return (
    <div className="records-screen">
      <PageHeader title={t('notes.title')} subtitle={farm.name} backTo={back} />
      <Loaded read={ponds}>
        {(data) => (
          <div className="records-two">
            <Card title={t('notes.add')}>
              <NoteForm key={farm.farm_id} farm={farm} ponds={data} />
            </Card>
            <Card title={t('notes.list')}>
              <NoteList farm={farm} ponds={data} />
            </Card>
          </div>
        )}
      </Loaded>
    </div>
  );
}

/** /farm/{farm_id}/notes: the farm's notes, filterable by tag, and a form for a new one. */
export function NotesScreen() {
  return <FarmGate>{(farm) => <Body farm={farm} />}</FarmGate>;
}
