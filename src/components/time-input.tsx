import type { InputHTMLAttributes } from 'react';
import { normalizeTime } from './preset-times.ts';

type TimeInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value' | 'onChange'> & {
  value: string;
  /** What is typed, and on leaving the box the tidied HH:mm ("600" → "06:00"). */
  onValue: (value: string) => void;
};

/**
 * The app's time box: HH:mm on a 24-hour clock. Text, not type="time": the native picker
 * shows "--:-- --" and AM/PM on a phone set to a 12-hour clock, and the spec wants HH:mm.
 * What a thumb types ("6.00", "0600") is tidied when the box is left; anything else stays
 * as typed so the form's check can point at it.
 */
export function TimeInput({ value, onValue, onBlur, className, placeholder, ...rest }: TimeInputProps) {
  return (
    <input
      {...rest}
      type="text"
      inputMode="numeric"
      maxLength={5}
      autoComplete="off"
      placeholder={placeholder ?? '06:00'}
      className={className ?? 'field__input'}
      value={value}
      onChange={(event) => onValue(event.target.value)}
      onBlur={(event) => {
        const tidy = normalizeTime(value);
        if (tidy !== value) onValue(tidy);
        onBlur?.(event);
      }}
    />
  );
}
