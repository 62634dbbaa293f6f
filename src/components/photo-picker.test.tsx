// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { uiLocales } from './locales.ts';
import { PhotoPicker } from './photo-picker.tsx';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'id',
    resources: { id: { ui: uiLocales.id } },
    interpolation: { escapeValue: false },
  });
});
afterEach(cleanup);

const blob = new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' });

describe('PhotoPicker', () => {
  it('shows a photo from its Blob until uploaded, then from the server URL, revoking the object URL', async () => {
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:tambak/1');
    const revoked = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const { rerender } = render(<PhotoPicker photos={[{ id: 'a', status: 'pending', blob }]} />);
    const img = await screen.findByRole('img', { name: 'Foto 1' });
    expect(img.getAttribute('src')).toBe('blob:tambak/1');
    expect(img.dataset.source).toBe('device');
    expect(screen.getByText('Di ponsel, menunggu sinyal')).toBeTruthy();
    expect(created).toHaveBeenCalledWith(blob);
    rerender(<PhotoPicker photos={[{ id: 'a', status: 'uploaded', blob, url: '/api/files/abc' }]} />);
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Foto 1' }).getAttribute('src')).toBe('/api/files/abc'),
    );
    expect(screen.getByRole('img', { name: 'Foto 1' }).dataset.source).toBe('server');
    expect(revoked).toHaveBeenCalledWith('blob:tambak/1');
    created.mockRestore();
    revoked.mockRestore();
  });

  it('says why a photo failed and removes one on request', () => {
    const onRemove = vi.fn();
    render(
      <PhotoPicker
        photos={[{ id: 'x', status: 'failed', url: null, error: 'Bukan gambar' }]}
        onAdd={() => undefined}
        onRemove={onRemove}
      />,
    );
    expect(screen.getByText('Gagal diunggah: Bukan gambar')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Hapus foto 1' }));
    expect(onRemove).toHaveBeenCalledWith('x');
  });

  it('refuses a file the browser cannot decode as a photo, with a message, adding nothing', async () => {
    const onAdd = vi.fn();
    render(<PhotoPicker photos={[]} onAdd={onAdd} />);
    globalThis.createImageBitmap = vi.fn().mockRejectedValue(new DOMException('bad', 'InvalidStateError'));
    const input = screen.getByLabelText('Pilih dari galeri', { selector: 'input' }) as HTMLInputElement;
    const file = new File(['%PDF-1.4'], 'catatan.pdf', { type: 'application/pdf' });
    Object.defineProperty(input, 'files', { value: [file], configurable: true });
    fireEvent.change(input);
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveProperty(
      'textContent',
      'Berkas itu bukan foto. Pilih gambar JPEG, PNG atau WebP.',
    );
    expect(onAdd).not.toHaveBeenCalled();
  });

  it('stops offering more photos at the limit, and shows nothing read-only without photos', () => {
    const { container, rerender } = render(
      <PhotoPicker photos={[{ id: 'a', status: 'new', blob }]} onAdd={() => undefined} max={1} />,
    );
    expect((screen.getByRole('button', { name: /Ambil foto/ }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Maksimal 1 foto.')).toBeTruthy();
    rerender(<PhotoPicker photos={[]} readOnly />);
    expect(container.textContent).toBe('');
  });
});
