// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { EmbedLink } from '#shared/contracts/embed';
import type { Farm } from '#shared/contracts/farm';
import { FARM, setupSyncUiHarness, withProviders } from '#test/helpers/sync-ui.tsx';
import { EmbedLinksTab } from './embed-links-tab.tsx';

/** The server's embed links, as the mocked API answers them. */
const server = vi.hoisted(() => ({
  links: [] as unknown[],
  posts: [] as { path: string; body: unknown }[],
}));

vi.mock('#local/api-client', async (original) => {
  const actual = await original<typeof import('#local/api-client')>();
  return {
    ...actual,
    api: {
      get: async (path: string) => {
        if (path === '/embedLink') return structuredClone(server.links);
        throw new Error(`unexpected GET ${path}`);
      },
      post: async (path: string, body?: unknown) => {
        server.posts.push({ path, body });
        if (path === '/embedLink') {
          const made = {
            ...(server.links[0] as EmbedLink),
            id: '01950000-0000-7000-8000-0000000000e9',
            screens: (body as { screens: string[] }).screens,
            label: (body as { label?: string }).label ?? null,
            last_used_at: null,
          };
          server.links = [made, ...server.links];
          return { message: 'ok', data: { link: made, token: 'emb_SECRET' } };
        }
        const revoked = /^\/embedLink\/(.+)\/revoke$/.exec(path);
        if (revoked) {
          server.links = server.links.map((l) =>
            (l as EmbedLink).id === revoked[1]
              ? { ...(l as EmbedLink), state: 'revoked', revoked_at: '2026-11-27T10:00:00.000Z' }
              : l,
          );
          return { message: 'ok', data: null };
        }
        throw new Error(`unexpected POST ${path}`);
      },
    },
  };
});

setupSyncUiHarness();

const farm = { farm_id: FARM, name: 'Tambak Uji', role_id: 1 } as unknown as Farm;
const first: EmbedLink = {
  id: '01950000-0000-7000-8000-0000000000e1',
  farm_id: FARM,
  screens: ['report'],
  label: 'Pembeli udang',
  created_by: '01950000-0000-7000-8000-0000000000a1',
  created_by_name: 'Bu Sari',
  created_at: '2026-11-02T03:00:00.000Z',
  expires_at: '2099-12-02T03:00:00.000Z',
  revoked_at: null,
  last_used_at: '2026-11-20T01:30:00.000Z',
  state: 'active',
};

beforeEach(() => {
  server.links = [first];
  server.posts = [];
});

describe('Settings → Embed links', () => {
  it('lists the links with who made them, when, last use and expiry (DD MMM YYYY)', async () => {
    render(withProviders(<EmbedLinksTab farm={farm} />));
    const item = await screen.findByTestId('embed-link');
    expect(within(item).getByText('Pembeli udang')).toBeTruthy();
    expect(within(item).getByText('Aktif')).toBeTruthy();
    expect(within(item).getByText('Dibuat oleh Bu Sari, 02 Nov 2026')).toBeTruthy();
    expect(within(item).getByText(/^Terakhir dipakai 20 Nov 2026/)).toBeTruthy();
    expect(within(item).getByText('Berlaku sampai 02 Des 2099')).toBeTruthy();
  });

  it('makes a link for the chosen screen and expiry and shows its URL once', async () => {
    render(withProviders(<EmbedLinksTab farm={farm} />));
    await screen.findByTestId('embed-link');
    fireEvent.click(screen.getByRole('radio', { name: 'Laporan keuangan' }));
    fireEvent.change(screen.getByLabelText('Berlaku'), { target: { value: '7' } });
    fireEvent.change(screen.getByLabelText('Nama tautan'), { target: { value: 'Bank' } });
    fireEvent.click(screen.getByRole('button', { name: 'Buat tautan' }));
    const created = await screen.findByTestId('embed-link-created');
    const url = within(created).getByRole('textbox') as HTMLInputElement;
    expect(url.value).toBe(`${location.origin}/farm/${FARM}/finance/report?output=embed&token=emb_SECRET`);
    expect(server.posts[0]).toEqual({
      path: '/embedLink',
      body: { farm_id: FARM, screens: ['finance-report'], expires_in_days: 7, label: 'Bank' },
    });
    await waitFor(() => expect(screen.getAllByTestId('embed-link')).toHaveLength(2));
    // The list never shows the token.
    expect(within(screen.getAllByTestId('embed-link')[0]).queryByText(/emb_SECRET/)).toBeNull();
    fireEvent.click(within(created).getByRole('button', { name: 'Selesai' }));
    expect(screen.queryByTestId('embed-link-created')).toBeNull();
    expect(document.body.textContent).not.toContain('emb_SECRET');
  });

  it('revokes after a confirm, and not when the confirm is cancelled', async () => {
    render(withProviders(<EmbedLinksTab farm={farm} />));
    await screen.findByTestId('embed-link');
    fireEvent.click(screen.getByRole('button', { name: 'Cabut tautan Pembeli udang' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Batal' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Ya, cabut' })).toBeNull());
    expect(server.posts).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Cabut tautan Pembeli udang' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Ya, cabut' }));
    await waitFor(() =>
      expect(server.posts).toEqual([{ path: `/embedLink/${first.id}/revoke`, body: undefined }]),
    );
    const item = await screen.findByTestId('embed-link');
    await waitFor(() => expect(within(item).getByText('Dicabut')).toBeTruthy());
    expect(within(item).queryByRole('button', { name: /Cabut tautan/ })).toBeNull();
  });
});
