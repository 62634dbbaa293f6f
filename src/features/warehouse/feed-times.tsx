import './register-locales.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeTime } from '#components/preset-times.ts';
import { TimeInput } from '#components/time-input';
import { isTime } from '#shared/domain/time-of-day';

/**
 * The feeding times of an entry: one button per time (a tap removes it) and an HH:mm box
 * with "Add time". A time that is not HH:mm is said under the box and not added.
 */
export function FeedTimes({ times, onChange }: { times: string[]; onChange: (times: string[]) => void }) {
  const { t } = useTranslation('warehouse');
  const [newTime, setNewTime] = useState('');
  const [bad, setBad] = useState(false);
  const add = () => {
    const time = normalizeTime(newTime);
    if (time === '') return;
    if (!isTime(time)) return setBad(true);
    setBad(false);
    setNewTime('');
    if (!times.includes(time)) onChange([...times, time].sort());
  };
  return (
    <fieldset className="feed-times">
      <legend className="field__label">{t('entry.times')}</legend>
      {times.map((time) => (
        <button
          key={time}
          type="button"
          className="button button--ghost button--small"
          aria-label={t('entry.removeTime', { time })}
          onClick={() => onChange(times.filter((x) => x !== time))}
        >
          {time} ✕
        </button>
      ))}
      <TimeInput
        className="field__input feed-times__input"
        aria-label={t('entry.addTime')}
        aria-invalid={bad || undefined}
        aria-describedby={bad ? 'feed-time-error' : undefined}
        value={newTime}
        onValue={(value) => {
          setNewTime(value);
          setBad(false);
        }}
      />
      <button type="button" className="button button--secondary button--small" onClick={add}>
        {t('entry.addTime')}
      </button>
      {bad && (
        <p className="field__error" id="feed-time-error">
          {t('entry.badTime')}
        </p>
      )}
    </fieldset>
  );
}
