// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '#components/toast';
import { ApiError } from '#local/api-client';
import { MESSAGES } from '#shared/i18n/messages';
import { accountLocales } from './locales.ts';
import { LoginCodeForm, LoginEmailForm, LoginPhoneForm } from './login-forms.tsx';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'id',
    fallbackLng: 'en',
    resources: {
      id: { common: MESSAGES.id, account: accountLocales.id },
      en: { common: MESSAGES.en, account: accountLocales.en },
    },
    interpolation: { escapeValue: false },
  });
});

afterEach(async () => {
  cleanup();
  await i18next.changeLanguage('id');
});

function renderEmailForm(onSubmit = vi.fn(async () => {})) {
  render(
    <ToastProvider>
      <LoginEmailForm onSubmit={onSubmit} />
    </ToastProvider>,
  );
  return onSubmit;
}

const type = (label: string, value: string) => {
  const input = screen.getByLabelText(label);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
};

describe('login with email and password', () => {
  it('asks for both fields before sending anything', async () => {
    const onSubmit = renderEmailForm();
    fireEvent.click(screen.getByRole('button', { name: 'Kirim kode' }));
    expect(await screen.findAllByText('Wajib diisi.')).toHaveLength(2);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('rejects a malformed email with the shared translated message', async () => {
    renderEmailForm();
    type('Email', 'budi@');
    expect(await screen.findByText('Format email tidak valid.')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
  });

  it('shows messages in English after a language switch', async () => {
    renderEmailForm();
    await i18next.changeLanguage('en');
    fireEvent.click(await screen.findByRole('button', { name: 'Send code' }));
    expect(await screen.findAllByText('Required.')).toHaveLength(2);
  });

  it('sends valid credentials', async () => {
    const onSubmit = renderEmailForm();
    type('Email', 'budi@example.com');
    type('Kata sandi', 'rahasia-123');
    fireEvent.click(screen.getByRole('button', { name: 'Kirim kode' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ email: 'budi@example.com', password: 'rahasia-123' }),
    );
  });

  it('shows server field errors inline and the server message as a red toast', async () => {
    const failure = new ApiError(401, 'invalid-credentials', 'Email atau kata sandi salah.', {
      password: ['Kata sandi salah.'],
    });
    renderEmailForm(vi.fn(async () => Promise.reject(failure)));
    type('Email', 'budi@example.com');
    type('Kata sandi', 'salah');
    fireEvent.click(screen.getByRole('button', { name: 'Kirim kode' }));
    expect(await screen.findByText('Kata sandi salah.')).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toContain('Email atau kata sandi salah.');
  });
});

describe('login with phone and code', () => {
  it('refuses a phone number that is not one', async () => {
    render(
      <ToastProvider>
        <LoginPhoneForm onSubmit={vi.fn(async () => {})} />
      </ToastProvider>,
    );
    type('Nomor HP', 'abc');
    expect(await screen.findByText('Nomor telepon tidak valid.')).toBeTruthy();
  });

  it('accepts only a 6-digit code', async () => {
    const onSubmit = vi.fn(async () => {});
    render(
      <ToastProvider>
        <LoginCodeForm onSubmit={onSubmit} />
      </ToastProvider>,
    );
    type('Kode verifikasi', '12a4');
    expect(await screen.findByText('Format tidak valid.')).toBeTruthy();
    type('Kode verifikasi', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Masuk' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ code: '123456' }));
  });
});
