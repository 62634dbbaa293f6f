// @vitest-environment happy-dom
import { fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { FeedTimes } from './feed-times.tsx';
import { warehouseLocales } from './locales.ts';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'id',
    resources: { id: { warehouse: warehouseLocales.id } },
    interpolation: { escapeValue: false },
  });
});

const box = () => screen.getByRole('textbox', { name: 'Tambah waktu' }) as HTMLInputElement;
const addButton = () => screen.getByRole('button', { name: 'Tambah waktu' });

describe('FeedTimes', () => {
  it('is an HH:mm text box, never the native clock (AM/PM on 12-hour phones)', () => {
    render(<FeedTimes times={['06:00']} onChange={() => {}} />);
    expect(box().type).toBe('text');
    expect(box().placeholder).toBe('06:00');
  });

  it('adds what a thumb types as HH:mm, in clock order', () => {
    const onChange = vi.fn();
    render(<FeedTimes times={['06:00', '18:00']} onChange={onChange} />);
    fireEvent.change(box(), { target: { value: '1400' } });
    fireEvent.click(addButton());
    expect(onChange).toHaveBeenCalledWith(['06:00', '14:00', '18:00']);
    expect(box().value).toBe('');
  });

  it('says a time that is not HH:mm and adds nothing', () => {
    const onChange = vi.fn();
    render(<FeedTimes times={['06:00']} onChange={onChange} />);
    fireEvent.change(box(), { target: { value: '25:00' } });
    fireEvent.click(addButton());
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByText('Jam harus JJ:mm, mis. 14:00.')).toBeTruthy();
    expect(box().getAttribute('aria-invalid')).toBe('true');
  });
});
