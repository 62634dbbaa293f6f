// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chatExtrasLocales } from '../extras/locales.ts';
import { chatLocales } from '../locales.ts';
import type { ListMessage } from './list-state.ts';
import { MessageBubble } from './message-bubble.tsx';

const i18n = i18next.createInstance();
await i18n.use(initReactI18next).init({
  lng: 'id',
  fallbackLng: 'en',
  resources: {
    id: { chat: chatLocales.id, chatExtras: chatExtrasLocales.id },
    en: { chat: chatLocales.en, chatExtras: chatExtrasLocales.en },
  },
  interpolation: { escapeValue: false },
});

const base: ListMessage = {
  id: 'm1',
  client_id: 'c1',
  conversation_id: 'conv',
  category: 'message',
  type: 'text',
  text: 'Pakan 12 kg',
  data: {},
  sender: { uid: 'ani', name: 'Ani', avatar: null },
  receiver_type: 'user',
  receiver_id: 'budi',
  parent_id: null,
  reply_count: 0,
  sent_at: 1_700_000_000,
  delivered_at: null,
  read_at: null,
  edited_at: null,
  deleted_at: null,
  reactions: {},
};

function show(
  message: Partial<ListMessage>,
  me = 'ani',
  opts: { isGroup?: boolean; inThread?: boolean } = {},
) {
  const on = {
    onEdit: vi.fn(),
    onDelete: vi.fn(),
    onThread: vi.fn(),
    onRetry: vi.fn(),
    onOpenImage: vi.fn(),
  };
  render(
    <I18nextProvider i18n={i18n}>
      <ol>
        <MessageBubble
          message={{ ...base, ...message }}
          me={me}
          isGroup={opts.isGroup ?? false}
          inThread={opts.inThread}
          blocked={false}
          {...on}
        />
      </ol>
    </I18nextProvider>,
  );
  return on;
}

afterEach(cleanup);

describe('message bubble (seed 001 §2, §5–§6)', () => {
  it('offers edit, delete and reply in thread on my own text, with its receipt', () => {
    show({ delivered_at: 1_700_000_010 });
    expect(screen.getByRole('button', { name: 'Ubah' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Hapus' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Balas di utas' })).toBeTruthy();
    expect(document.querySelector('[data-receipt]')?.getAttribute('data-receipt')).toBe('delivered');
  });

  it('lets a receiver only reply in thread (reactions come from the reaction bar)', () => {
    show({}, 'budi');
    expect(screen.queryByRole('button', { name: 'Ubah' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Hapus' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Balas di utas' })).toBeTruthy();
    expect(document.querySelector('[data-receipt]')).toBeNull();
  });

  it('offers no thread on a reply and no edit on an image', () => {
    show({ parent_id: 'p1' });
    expect(screen.queryByRole('button', { name: 'Balas di utas' })).toBeNull();
    cleanup();
    show({ type: 'image', text: null, data: { url: '/api/files/x.png' } });
    expect(screen.queryByRole('button', { name: 'Ubah' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Buka gambar' })).toBeTruthy();
  });

  it('shows the deleted placeholder for each side', () => {
    show({ deleted_at: 1 });
    expect(screen.getByText('Anda menghapus pesan ini')).toBeTruthy();
    cleanup();
    show({ deleted_at: 1 }, 'budi');
    expect(screen.getByText('Pesan ini telah dihapus')).toBeTruthy();
  });

  it('counts replies as "1 balasan" / "n balasan" and names the sender in groups', () => {
    show({ reply_count: 1 }, 'budi', { isGroup: true });
    expect(screen.getByRole('button', { name: '1 balasan' })).toBeTruthy();
    expect(screen.getByText('Ani')).toBeTruthy();
  });

  it('words group action messages in the reader’s language', () => {
    show(
      {
        category: 'action',
        text: 'added',
        data: { customData: { action: 'added', actor: 'ani', target: 'budi', target_name: 'Budi' } },
      },
      'citra',
      { isGroup: true },
    );
    expect(screen.getByText('Ani menambahkan Budi')).toBeTruthy();
    cleanup();
    // Names from the server's actor_name / target_name when the actor is not the sender.
    show(
      {
        category: 'action',
        text: 'kicked',
        data: {
          customData: {
            action: 'kicked',
            actor: 'eko',
            actor_name: 'Pak Eko',
            target: 'budi',
            target_name: 'Budi',
          },
        },
      },
      'citra',
      { isGroup: true },
    );
    expect(screen.getByText('Pak Eko mengeluarkan Budi')).toBeTruthy();
  });

  it('marks a refused send with the error and a retry', () => {
    const on = show({ id: '', _error: 'Pengguna diblokir' });
    expect(document.querySelector('[data-receipt]')?.getAttribute('data-receipt')).toBe('error');
    screen.getByRole('button', { name: 'Kirim ulang' }).click();
    expect(on.onRetry).toHaveBeenCalledOnce();
  });
});
