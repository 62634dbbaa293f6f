import './register-locales.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Local } from '#local/db';
import type { Note } from '#shared/contracts/records';
import { NoteDescriptionField, NoteTagsField, NoteTitleField } from './note-fields.tsx';
import { RecordEditDialog } from './record-edit-dialog.tsx';
import { checkNoteEdit, type NoteEdit, noteEditOf } from './record-edit-model.ts';
import { RecordDateTime } from './record-fields.tsx';
import { localToday, parseTagInput, tagsValid } from './records-model.ts';

/** Edits one note: title, day, tags (comma separated) and text. */
export function NoteEditDialog({ row, onClose }: { row: Local<Note>; onClose: () => void }) {
  const { t } = useTranslation('records');
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
      <NoteTitleField value={edit.title} error={titleError} onChange={(title) => set({ title })} />
      <RecordDateTime
        date={edit.date}
        today={today}
        onChange={(next) => set({ date: next.date ?? edit.date })}
      />
      <NoteTagsField value={edit.tags} error={tagError} onChange={(tags) => set({ tags })} />
      <NoteDescriptionField value={edit.description} onChange={(description) => set({ description })} />
    </RecordEditDialog>
  );
}
