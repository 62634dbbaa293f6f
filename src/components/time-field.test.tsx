// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Formik } from 'formik';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isTime } from '#shared/domain/time-of-day';
import { FormikForm, TimeField } from './form-field.tsx';
import { yup } from './validation.tsx';

afterEach(cleanup);
beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'id',
    resources: { id: { common: { validation: { time: 'Format jam harus JJ:mm.' } }, ui: {} } },
  });
});

const schema = yup.object({ at: yup.string().test('time', 'validation.time', (v) => !v || isTime(v)) });

function Form() {
  return (
    <Formik initialValues={{ at: '' }} validationSchema={schema} onSubmit={() => {}}>
      <FormikForm>
        <TimeField name="at" label="Mulai" optional />
      </FormikForm>
    </Formik>
  );
}

describe('TimeField', () => {
  it('tidies what a thumb types when the box is left ("600" → "06:00") and shows no error for it', async () => {
    render(<Form />);
    const box = screen.getByLabelText(/Mulai/) as HTMLInputElement;
    fireEvent.change(box, { target: { value: '600' } });
    fireEvent.blur(box);
    await waitFor(() => expect(box.value).toBe('06:00'));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByText('Format jam harus JJ:mm.')).toBeNull();
    expect(box.getAttribute('aria-invalid')).toBeNull();
  });

  it('keeps a time that cannot be tidied and says why', async () => {
    render(<Form />);
    const box = screen.getByLabelText(/Mulai/) as HTMLInputElement;
    fireEvent.change(box, { target: { value: '25:00' } });
    fireEvent.blur(box);
    await screen.findByText('Format jam harus JJ:mm.');
    expect(box.value).toBe('25:00');
    expect(box.getAttribute('aria-invalid')).toBe('true');
  });
});
