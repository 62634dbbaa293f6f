// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { useState } from 'react';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WhenInput } from './when-input.tsx';

beforeAll(async () => {
  await i18next
    .use(initReactI18next)
    .init({ lng: 'id', resources: {}, interpolation: { escapeValue: false } });
});
afterEach(async () => {
  cleanup();
  await act(() => i18next.changeLanguage('id'));
});

function Day({ initial, type = 'date' }: { initial: string; type?: 'date' | 'time' }) {
  const [value, setValue] = useState(initial);
  return (
    <WhenInput aria-label="Tanggal" type={type} value={value} onChange={(e) => setValue(e.target.value)} />
  );
}

const wrapper = () => screen.getByLabelText('Tanggal').parentElement as HTMLElement;

describe('WhenInput', () => {
  it('reads DD MMM YYYY in the language, whatever the browser would show', async () => {
    render(<Day initial="2026-08-17" />);
    expect(wrapper().dataset.shown).toBe('17 Agu 2026');
    await act(() => i18next.changeLanguage('en'));
    expect(wrapper().dataset.shown).toBe('17 Aug 2026');
  });

  it('gives way to the browser’s own text while the field is edited, and shows the new day after', () => {
    render(<Day initial="2026-08-17" />);
    const input = screen.getByLabelText('Tanggal') as HTMLInputElement;
    fireEvent.focus(input);
    expect(wrapper().dataset.shown).toBeUndefined();
    fireEvent.change(input, { target: { value: '2026-11-05' } });
    fireEvent.blur(input);
    expect(input.value).toBe('2026-11-05');
    expect(wrapper().dataset.shown).toBe('05 Nov 2026');
  });

  it('shows a time as HH:mm on a 24-hour clock, and nothing over an empty field', () => {
    render(<Day initial="18:30:00" type="time" />);
    expect(wrapper().dataset.shown).toBe('18:30');
    cleanup();
    render(<Day initial="" />);
    expect(wrapper().dataset.shown).toBeUndefined();
  });
});
