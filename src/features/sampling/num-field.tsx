import { memo, useId } from 'react';

interface NumFieldProps {
  name: string;
  label: string;
  /** Read by screen readers after the label: twenty cards share the labels. */
  context?: string;
  text: string;
  onChange: (text: string) => void;
  unit?: string;
  /** Whole numbers only (the numeric keypad without a decimal key). */
  integer?: boolean;
  message?: string;
}

/** One number box of the sampling forms; memoized, a keystroke elsewhere does not redraw it. */
export const NumField = memo(function NumField({
  name,
  label,
  context,
  text,
  onChange,
  unit,
  integer,
  message,
}: NumFieldProps) {
  const id = useId();
  return (
    <div className={`num-field${message ? ' num-field--invalid' : ''}`}>
      <label className="num-field__label" htmlFor={id}>
        {label}
        {context && <span className="visually-hidden"> {context}</span>}
      </label>
      <div className={`num-field__box${unit ? ' num-field__box--unit' : ''}`}>
        <input
          id={id}
          name={name}
          className="num-field__input"
          type="text"
          inputMode={integer ? 'numeric' : 'decimal'}
          autoComplete="off"
          value={text}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-msg` : undefined}
        />
        {unit && <span className="num-field__unit">{unit}</span>}
      </div>
      {message && (
        <p className="num-field__message" id={`${id}-msg`} aria-live="polite">
          {message}
        </p>
      )}
    </div>
  );
});
