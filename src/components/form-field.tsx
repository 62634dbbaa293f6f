import { type FormikHelpers, useField, useFormikContext } from 'formik';
import eye from 'lucide/dist/esm/icons/eye.mjs';
import { type InputHTMLAttributes, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#local/api-client';
import { EntryForm, type EntryFormProps } from './entry-form.tsx';
import { lineIcon } from './icons.tsx';
import { translateMessage } from './validation.tsx';
import './form-field.css';
import { TimeInput } from './time-input.tsx';
import { isWhenType, WhenInput } from './when-input.tsx';

/** Drawn here, its one use: in icons.tsx it would ride in the first download. */
const EyeIcon = lineIcon(eye);

interface FieldShellProps {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  optional?: boolean;
  children: ReactNode;
}

function FieldShell({ id, label, hint, error, optional, children }: FieldShellProps) {
  const { t } = useTranslation('ui');
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
        {optional && <span className="field__optional"> ({t('form.optional')})</span>}
      </label>
      {children}
      {hint && !error && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * Formik's Form component, drawn as the app's EntryForm: Enter moves to the next field, only the save
 * button saves (see entry-form.tsx). Every Formik form uses this, never formik's Form.
 */
export function FormikForm(props: Omit<EntryFormProps, 'onSubmit' | 'onReset'>) {
  const { handleSubmit, handleReset } = useFormikContext();
  return <EntryForm {...props} onSubmit={handleSubmit} onReset={handleReset} />;
}

/** Yup errors show once a field was touched or the form submitted; server errors at once. */
function useFieldError(name: string): string | undefined {
  const { t } = useTranslation();
  const [, meta] = useField(name);
  const { submitCount } = useFormikContext();
  if (!meta.error || (!meta.touched && submitCount === 0)) return undefined;
  return translateMessage(t, meta.error);
}

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id'> & {
  name: string;
  label: string;
  hint?: string;
  optional?: boolean;
};

export function TextField({
  name,
  label,
  hint,
  optional,
  type = 'text',
  className,
  ...rest
}: TextFieldProps) {
  const { t } = useTranslation('ui');
  const [field] = useField(name);
  const id = useId();
  const error = useFieldError(name);
  const [reveal, setReveal] = useState(false);
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  const props = {
    ...field,
    ...rest,
    value: field.value ?? '',
    id,
    className: className ? `field__input ${className}` : 'field__input',
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  };
  const input = isWhenType(type) ? (
    <WhenInput {...props} type={type} />
  ) : (
    <input {...props} type={type === 'password' && reveal ? 'text' : type} />
  );
  return (
    <FieldShell id={id} label={label} hint={hint} error={error} optional={optional}>
      {type === 'password' ? (
        <div className="field__with-button">
          {input}
          <button
            type="button"
            className="field__reveal"
            aria-pressed={reveal}
            onClick={() => setReveal((value) => !value)}
          >
            <EyeIcon />
            <span className="visually-hidden">
              {reveal ? t('form.hidePassword') : t('form.showPassword')}
            </span>
          </button>
        </div>
      ) : (
        input
      )}
    </FieldShell>
  );
}

interface SelectFieldProps {
  name: string;
  label: string;
  options: { value: string | number; label: string }[];
  hint?: string;
  disabled?: boolean;
}

/**
 * A time of day in a Formik form: the app's time box (HH:mm on a 24-hour clock, "600" and
 * "6.00" tidied to "06:00" when the box is left), with the field's label, hint and error.
 */
export function TimeField({
  name,
  label,
  hint,
  optional,
  placeholder,
}: {
  name: string;
  label: string;
  hint?: string;
  optional?: boolean;
  placeholder?: string;
}) {
  const [field, , helpers] = useField<string>(name);
  const id = useId();
  const error = useFieldError(name);
  return (
    <FieldShell id={id} label={label} hint={hint} error={error} optional={optional}>
      <TimeInput
        id={id}
        name={name}
        value={field.value ?? ''}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        onValue={(value) => void helpers.setValue(value)}
        // Touched without checking again: the check of a stale value ("600") would land after the tidied one's.
        onBlur={() => void helpers.setTouched(true, false)}
      />
    </FieldShell>
  );
}

export function SelectField({ name, label, options, hint, disabled }: SelectFieldProps) {
  const [field, , helpers] = useField(name);
  const id = useId();
  const error = useFieldError(name);
  const numeric = typeof options[0]?.value === 'number';
  return (
    <FieldShell id={id} label={label} hint={hint} error={error}>
      <select
        {...field}
        id={id}
        className="field__input"
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => helpers.setValue(numeric ? Number(event.target.value) : event.target.value)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

/** A yes/no setting drawn as a switch; the whole row is the tap target. */
export function SwitchField({ name, label, hint }: { name: string; label: string; hint?: string }) {
  const [field] = useField({ name, type: 'checkbox' });
  const id = useId();
  return (
    <div className="switch-field">
      <input
        {...field}
        id={id}
        type="checkbox"
        role="switch"
        aria-checked={Boolean(field.checked)}
        className="switch-field__input"
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      <label htmlFor={id} className="switch-field__label">
        <span className="switch-field__text">{label}</span>
        {hint && (
          <span className="field__hint" id={`${id}-hint`}>
            {hint}
          </span>
        )}
      </label>
    </div>
  );
}

/** A form-level message (errors the server gave for no particular field). */
export function FormAlert() {
  const { status } = useFormikContext<unknown>();
  const message = (status as { formError?: string } | undefined)?.formError;
  if (!message) return null;
  return (
    <p className="form-alert" role="alert">
      {message}
    </p>
  );
}

export function SubmitButton({ children, block = true }: { children: ReactNode; block?: boolean }) {
  const { t } = useTranslation('ui');
  const { isSubmitting } = useFormikContext();
  return (
    <button
      type="submit"
      className={`button button--primary${block ? ' button--block' : ''}`}
      disabled={isSubmitting}
      aria-busy={isSubmitting}
    >
      {isSubmitting ? t('actions.saving') : children}
    </button>
  );
}

/**
 * Shows a failed submit: field errors from the server next to their inputs, the rest as
 * a form message; the caller still toasts the server message (seed 000 §8).
 */
export function applyServerErrors<V extends object>(
  error: unknown,
  helpers: FormikHelpers<V>,
  values: V,
): void {
  if (!(error instanceof ApiError) || !error.errors) {
    helpers.setStatus(undefined);
    return;
  }
  const fieldErrors: Record<string, string> = {};
  const other: string[] = [];
  for (const [field, messages] of Object.entries(error.errors)) {
    if (field in values) fieldErrors[field] = messages[0] ?? '';
    else other.push(...messages);
  }
  helpers.setErrors(fieldErrors as never);
  helpers.setStatus(other.length ? { formError: other.join(' ') } : undefined);
}

/**
 * A new password and its confirmation, the pair registration, password reset and the
 * profile's password change all ask for (autocomplete tells the phone to offer one).
 */
export function NewPasswordFields(props: {
  name: string;
  confirmName: string;
  label: string;
  confirmLabel: string;
  hint?: string;
}) {
  return (
    <>
      <TextField
        name={props.name}
        type="password"
        label={props.label}
        hint={props.hint}
        autoComplete="new-password"
      />
      <TextField
        name={props.confirmName}
        type="password"
        label={props.confirmLabel}
        autoComplete="new-password"
      />
    </>
  );
}
