import './register-locales.ts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Local } from '#local/db';
import type { Note } from '#shared/contracts/records';
import { RecordEditDialog } from './record-edit-dialog.tsx';
import { checkNoteEdit, type NoteEdit, noteEditOf } from './record-edit-model.ts';
import { RecordDateTime } from './record-fields.tsx';
import { localToday, parseTagInput, tagsValid } from './records-model.ts';

/** Edits one note: title, day, tags (comma separated) and text. */
export function NoteEditDialog({ row, onClose }: { row: Local<Note>; onClose: () => void }) {
  const { t } = useTranslation('records');
  const ids = { title: useId(), tags: useId(), description: useId() };
  const [edit, setEdit] = useState<NoteEdit>(() => noteEditOf(row));
  const today = localToday();
  const set = (patch: Partial<NoteEdit>) => setEdit((e) => ({ ...e, ...patch }));
  const tagError = tagsValid(parseTagInput(edit.tags)) ? null : t('notes.tooManyTags');
  const titleError = edit.title.trim() ? null : t('notes.titleRequired');
  const show = (_field: string, value: unknown) =>
    Array.isArray(value) ? value.join(', ') : value === null || value === undefined ? '–' : String(value);
  return (
    <RecordEditDialog
      table="notes"
      row={row}
      title={t('edit.noteTitle')}
      check={checkNoteEdit(row, edit, { today })}
      show={show}
      onClose={onClose}
      size="small"
    >
      <div className={`field${titleError ? ' field--invalid' : ''}`}>
        <label className="field__label" htmlFor={ids.title}>
          {t('notes.noteTitle')}
        </label>
        <input
          id={ids.title}
          className="field__input"
          value={edit.title}
          maxLength={120}
          aria-invalid={!!titleError || undefined}
          onChange={(e) => set({ title: e.target.value })}
        />
        {titleError && <p className="field__error">{titleError}</p>}
      </div>
      <RecordDateTime
        date={edit.date}
        today={today}
        onChange={(next) => set({ date: next.date ?? edit.date })}
      />
      <div className={`field${tagError ? ' field--invalid' : ''}`}>
        <label className="field__label" htmlFor={ids.tags}>
          {t('notes.tags')} <span className="field__optional">({t('common.optional')})</span>
        </label>
        <input
          id={ids.tags}
          className="field__input"
          value={edit.tags}
          autoComplete="off"
          onChange={(e) => set({ tags: e.target.value })}
        />
        <p className={tagError ? 'field__error' : 'field__hint'}>{tagError ?? t('notes.tagsHint')}</p>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={ids.description}>
          {t('notes.description')}
        </label>
        <textarea
          id={ids.description}
          className="field__input"
          rows={4}
          maxLength={4000}
          value={edit.description}
          onChange={(e) => set({ description: e.target.value })}
        />
      </div>
    </RecordEditDialog>
  );
}
