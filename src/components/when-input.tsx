import { type InputHTMLAttributes, useState } from 'react';
import { useFormat } from './format.tsx';
import './when-input.css';

/** Date and time inputs are drawn by WhenInput; every other type stays a plain input. */
export function isWhenType(type: string | undefined): type is 'date' | 'time' {
  return type === 'date' || type === 'time';
}

type WhenInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { type: 'date' | 'time' };

/**
 * A native date or time input (the phone's own calendar and clock) that reads the way the
 * app writes dates and times: "26 Nov 2026" / "26 Agu 2026" and "06:05" on a 24-hour clock
 * (seed 000 §1), where the browser would show "11/26/2026" or "06:05 AM" in its own
 * locale. While the field has focus the browser's own text shows, so typing the day, month
 * and year stays visible; otherwise the app's text is drawn over it by CSS (a pseudo
 * element: not in the page's text, so a screen reader reads the input's value once).
 */
export function WhenInput({ type, className, onFocus, onBlur, ...rest }: WhenInputProps) {
  const format = useFormat();
  const [editing, setEditing] = useState(false);
  const value = typeof rest.value === 'string' ? rest.value : '';
  const shown = editing || !value ? undefined : type === 'date' ? format.date(value) : value.slice(0, 5);
  return (
    <span className="when-input">
      <span className="when-input__box" data-shown={shown}>
        <input
          {...rest}
          type={type}
          className={className ?? 'field__input'}
          onFocus={(event) => {
            setEditing(true);
            onFocus?.(event);
          }}
          onBlur={(event) => {
            setEditing(false);
            onBlur?.(event);
          }}
        />
      </span>
    </span>
  );
}
