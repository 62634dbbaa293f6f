import './register-locales.ts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** A note's title, tags and text: the same boxes on the notes screen and in the edit dialog. */
export function NoteTitleField({
  value,
  error,
  onChange,
}: {
  value: string;
  error?: string | null;
  onChange: (title: string) => void;
}) {
  const { t } = useTranslation('records');
  const id = useId();
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {t('notes.noteTitle')}
      </label>
      <input
        id={id}
        className="field__input"
        value={value}
        maxLength={120}
        aria-invalid={!!error || undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error && <p className="field__error">{error}</p>}
    </div>
  );
}

export function NoteTagsField({
  value,
  error,
  onChange,
}: {
  value: string;
  error?: string | null;
  onChange: (tags: string) => void;
}) {
  const { t } = useTranslation('records');
  const id = useId();
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {t('notes.tags')} <span className="field__optional">({t('common.optional')})</span>
      </label>
      <input
        id={id}
        className="field__input"
        value={value}
        autoComplete="off"
        onChange={(e) => onChange(e.target.value)}
      />
      <p className={error ? 'field__error' : 'field__hint'}>{error ?? t('notes.tagsHint')}</p>
    </div>
  );
}

export function NoteDescriptionField({
  value,
  onChange,
}: {
  value: string;
  onChange: (text: string) => void;
}) {
  const { t } = useTranslation('records');
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {t('notes.description')}
      </label>
      <textarea
        id={id}
        className="field__input"
        rows={4}
        maxLength={4000}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
