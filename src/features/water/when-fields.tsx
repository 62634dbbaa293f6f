import './register-locales.ts';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
// The shared field look (form-field.css) comes with this module; this screen has no other field.
import '#components/form-field';
import { loadPresetTimes } from '#components/preset-times.ts';
import { TimeInput } from '#components/time-input';
import { WhenInput } from '#components/when-input';
import { timeOfDay } from '#shared/domain/time-of-day';
import { slotOf, type WhenProblem } from './entry-model.ts';

interface WhenFieldsProps {
  date: string;
  time: string;
  maxDate: string;
  problem: WhenProblem | null;
  onChange: (next: { date?: string; time?: string }) => void;
}

/**
 * Date, time and the slot they fall in. The device's preset measuring times (Settings)
 * are one tap each; the slot (morning/afternoon/evening) always follows the hour, the
 * same rule the server applies (seed 000 §5), so what he sees is how it is grouped.
 */
export function WhenFields({ date, time, maxDate, problem, onChange }: WhenFieldsProps) {
  const { t } = useTranslation('water');
  const presets = useMemo(() => loadPresetTimes(), []);
  const id = useId();
  const slot = slotOf(time);
  return (
    <fieldset className="when">
      <legend className="visually-hidden">{t('when.slot')}</legend>
      <div className="when__row">
        <div className="field when__date">
          <label className="field__label" htmlFor={`${id}-date`}>
            {t('when.date')}
          </label>
          <WhenInput
            id={`${id}-date`}
            type="date"
            className="field__input"
            value={date}
            max={maxDate}
            onChange={(event) => onChange({ date: event.target.value })}
          />
        </div>
        <div className={`field when__time${problem === 'time' ? ' field--invalid' : ''}`}>
          <label className="field__label" htmlFor={`${id}-time`}>
            {t('when.time')}
          </label>
          <TimeInput
            id={`${id}-time`}
            className="field__input when__time-input"
            value={time}
            onValue={(value) => onChange({ time: value })}
            aria-invalid={problem === 'time' || undefined}
            aria-describedby={`${id}-slot`}
          />
        </div>
      </div>
      <div className="when__presets">
        <output id={`${id}-slot`} className={`slot-badge${slot ? ` slot-badge--${slot}` : ''}`}>
          <span className="slot-badge__label">{t('when.slot')}</span>
          {slot ? t(`timeOfDay.${slot}`) : '–'}
        </output>
        <fieldset className="chips">
          <legend className="visually-hidden">{t('when.presets')}</legend>
          {presets.map((preset) => (
            <button
              key={preset}
              type="button"
              className="chip"
              aria-pressed={preset === time}
              aria-label={`${preset} ${t(`timeOfDay.${timeOfDay(Number(preset.slice(0, 2)))}`)}`}
              onClick={() => onChange({ time: preset })}
            >
              {preset}
            </button>
          ))}
        </fieldset>
      </div>
      {problem && (
        <p className="field__error" role="alert">
          {t(`when.${problem}_problem`)}
        </p>
      )}
    </fieldset>
  );
}
