import './register-locales.ts';
import { useSearch } from '@tanstack/react-router';
import { type ReactNode, type Ref, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DraftBanner } from '#components/draft-banner';
import { EntryForm } from '#components/entry-form';
import { entryBackPath, entryPreset } from '#components/entry-preset.ts';
import { useNavigateAfterPaint } from '#components/quick-open.ts';
import { useToast } from '#components/toast';

/**
 * Where a record screen goes back to: the list it was opened from (`?from=today`, Today;
 * `?from=attention`, the board), else the farm; `leaveTo` is set only then, for the save to
 * go back there too.
 */
export function useEntryReturn(farmId: string): { back: string; leaveTo: string | undefined } {
  const { origin } = entryPreset(useSearch({ strict: false }) as Record<string, unknown>);
  const back = entryBackPath(farmId, undefined, origin);
  return { back, leaveTo: origin ? back : undefined };
}

/**
 * The saving state of a record-entry screen: `run` writes (the screen's checks have passed)
 * and says how it went in a toast: the message the write returns, or "could not save".
 * With `leaveTo` (opened from the Today list) a save goes back there, its frame painted first.
 */
export function useRecordSave(leaveTo?: string) {
  const { t } = useTranslation('records');
  const toast = useToast();
  const navigate = useNavigateAfterPaint();
  const [saving, setSaving] = useState(false);
  const run = async (write: () => Promise<string>) => {
    setSaving(true);
    try {
      toast.success(await write());
      if (leaveTo) navigate({ to: leaveTo });
    } catch {
      toast.error(t('common.saveFailed'));
    } finally {
      setSaving(false);
    }
  };
  return { saving, run };
}

/**
 * The frame of the single-record entry screens (anco, water change, notes, disease): the
 * form (Enter moves to the next field, only the save button saves), the restored-draft
 * banner with its discard button, the fields, and the save button, in the sticky save bar
 * for the multi-pond rounds (`bar`).
 */
export function RecordEntryForm({
  formRef,
  restored,
  onDiscard,
  onSave,
  saving,
  disabled = false,
  saveLabel,
  bar = false,
  children,
}: {
  formRef?: Ref<HTMLFormElement>;
  restored: boolean;
  onDiscard: () => void;
  onSave: () => unknown;
  saving: boolean;
  disabled?: boolean;
  /** The button's words when not saving (default "Save"). */
  saveLabel?: string;
  bar?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('records');
  const button = (
    <button
      type="submit"
      className={`button button--primary button--block${bar ? ' save-bar__button' : ''}`}
      disabled={saving || disabled}
      aria-busy={saving}
    >
      {saving ? t('common.saving') : (saveLabel ?? t('common.save'))}
    </button>
  );
  return (
    <EntryForm
      ref={formRef}
      className="stack records-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void onSave();
      }}
    >
      {restored && (
        <DraftBanner
          message={t('common.draftRestored')}
          discardLabel={t('common.discardDraft')}
          onDiscard={onDiscard}
        />
      )}
      {children}
      {bar ? <div className="save-bar">{button}</div> : button}
    </EntryForm>
  );
}
