import './register-locales.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EntryForm } from '#components/entry-form';
import { CloseIcon, PlusIcon } from '#components/icons';
import { Card } from '#components/page';
import {
  checkPresetTimes,
  loadPresetTimes,
  type PresetTimesProblem,
  savePresetTimes,
} from '#components/preset-times.ts';
import { TimeInput } from '#components/time-input';
import { useToast } from '#components/toast';
import { DEFAULT_PRESET_TIMES } from '#shared/domain/time-of-day';

function problemText(
  t: (key: string, params?: Record<string, unknown>) => string,
  problem: PresetTimesProblem,
): string {
  if (problem.kind === 'empty') return t('times.atLeastOne');
  if (problem.kind === 'unique') return t('times.duplicate', { time: problem.time });
  return t('common:validation.time');
}

/** Preset measuring times: HH:mm rows, no repeats, checked as the user types. */
export function PresetTimesTab() {
  const { t } = useTranslation('settings');
  const toast = useToast();
  const [times, setTimes] = useState<string[]>(() => loadPresetTimes());
  const problem = checkPresetTimes(times);
  const problemIndex = problem && problem.kind !== 'empty' ? problem.index : -1;

  const save = () => {
    const result = savePresetTimes(times);
    if (!Array.isArray(result)) return;
    setTimes(result);
    toast.success(t('times.saved'));
  };

  return (
    <Card title={t('times.title')}>
      <p className="muted">{t('times.intro')}</p>
      <EntryForm
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <ul className="time-list">
          {times.map((time, index) => {
            const id = `preset-time-${index}`;
            const invalid = index === problemIndex;
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions; equal times are allowed while typing
              <li key={index} className={`field time-list__row${invalid ? ' field--invalid' : ''}`}>
                <label className="field__label" htmlFor={id}>
                  {t('times.time', { n: index + 1 })}
                </label>
                <div className="row">
                  <TimeInput
                    id={id}
                    placeholder={t('times.placeholder')}
                    className="field__input time-list__input"
                    value={time}
                    onValue={(typed) => setTimes(times.map((value, i) => (i === index ? typed : value)))}
                    aria-invalid={invalid || undefined}
                    aria-describedby={invalid ? 'preset-time-error' : undefined}
                  />
                  <button
                    type="button"
                    className="icon-button"
                    onClick={() => setTimes(times.filter((_, i) => i !== index))}
                  >
                    <CloseIcon />
                    <span className="visually-hidden">{t('times.remove', { time })}</span>
                  </button>
                </div>
                {invalid && problem && (
                  <p className="field__error" id="preset-time-error" role="alert">
                    {problemText(t, problem)}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
        {problem?.kind === 'empty' && (
          <p className="field__error" role="alert">
            {problemText(t, problem)}
          </p>
        )}
        <div className="row">
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setTimes([...times, '12:00'])}
          >
            <PlusIcon /> {t('times.add')}
          </button>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => setTimes([...DEFAULT_PRESET_TIMES])}
          >
            {t('times.reset')}
          </button>
        </div>
        <button type="submit" className="button button--primary button--block" disabled={problem !== null}>
          {t('times.save')}
        </button>
      </EntryForm>
    </Card>
  );
}
