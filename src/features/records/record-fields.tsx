import './register-locales.ts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import '#components/form-field';
import { normalizeTime } from '#components/preset-times.ts';

export const isHhMm = (v: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(v);

/** The day (never after today) and, when asked, the HH:mm of a round of records. */
export function RecordDateTime({
  date,
  time,
  today,
  timeLabel,
  onChange,
}: {
  date: string;
  time?: string;
  today: string;
  timeLabel?: string;
  onChange: (next: { date?: string; time?: string }) => void;
}) {
  const { t } = useTranslation('records');
  const dateId = useId();
  const timeId = useId();
  return (
    <div className="record-when">
      <div className="field">
        <label className="field__label" htmlFor={dateId}>
          {t('common.date')}
        </label>
        <input
          id={dateId}
          type="date"
          className="field__input"
          value={date}
          max={today}
          required
          onChange={(e) => onChange({ date: e.target.value })}
        />
      </div>
      {time !== undefined && (
        <div className="field">
          <label className="field__label" htmlFor={timeId}>
            {timeLabel ?? t('common.time')}
          </label>
          <input
            id={timeId}
            // Text, not type="time": some phones show AM/PM there; the spec wants HH:mm.
            type="text"
            inputMode="numeric"
            maxLength={5}
            placeholder="06:00"
            className="field__input"
            value={time}
            aria-invalid={(time !== '' && !isHhMm(time)) || undefined}
            onChange={(e) => onChange({ time: e.target.value })}
            onBlur={() => onChange({ time: normalizeTime(time) })}
          />
          {time !== '' && !isHhMm(time) && <p className="field__error">{t('common.badTime')}</p>}
        </div>
      )}
    </div>
  );
}
