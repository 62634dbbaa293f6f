// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PRESET_TIMES_KEY } from '#components/preset-times.ts';
import { ToastProvider } from '#components/toast';
import { MESSAGES } from '#shared/i18n/messages';
import { settingsLocales } from './locales.ts';
import { PresetTimesTab } from './preset-times-tab.tsx';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'id',
    resources: { id: { common: MESSAGES.id, settings: settingsLocales.id } },
    interpolation: { escapeValue: false },
  });
});

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const renderTab = () =>
  render(
    <ToastProvider>
      <PresetTimesTab />
    </ToastProvider>,
  );

describe('PresetTimesTab', () => {
  it('starts with the default times', () => {
    renderTab();
    expect((screen.getByLabelText('Jam ke-1') as HTMLInputElement).value).toBe('06:00');
    expect((screen.getByLabelText('Jam ke-3') as HTMLInputElement).value).toBe('22:00');
  });

  it('flags a repeated time as it is typed and blocks saving', () => {
    renderTab();
    fireEvent.change(screen.getByLabelText('Jam ke-2'), { target: { value: '06:00' } });
    expect(screen.getByRole('alert').textContent).toBe('Jam 06:00 sudah ada. Jam tidak boleh sama.');
    expect(screen.getByLabelText('Jam ke-2').getAttribute('aria-invalid')).toBe('true');
    expect((screen.getByRole('button', { name: 'Simpan jam' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('tidies a quick entry when the field is left', () => {
    renderTab();
    const input = screen.getByLabelText('Jam ke-2') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '930' } });
    fireEvent.blur(input);
    expect(input.value).toBe('09:30');
  });

  it('explains a time that is not HH:mm', () => {
    renderTab();
    fireEvent.change(screen.getByLabelText('Jam ke-1'), { target: { value: '25:99' } });
    expect(screen.getByRole('alert').textContent).toBe('Format jam harus JJ:mm.');
  });

  it('saves the list on this device', () => {
    renderTab();
    fireEvent.change(screen.getByLabelText('Jam ke-2'), { target: { value: '15:30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan jam' }));
    expect(JSON.parse(localStorage.getItem(PRESET_TIMES_KEY) ?? '[]')).toEqual(['06:00', '15:30', '22:00']);
  });
});
