import { expect } from '@playwright/test';
import { ChatPage } from './pages/chat-page.ts';
import { ApiAs, apiShareFarm, apiSignUp } from './support/api-setup.ts';
import { uniqueEmail } from './support/dev-outbox.ts';
import { test } from './support/test.ts';

/**
 * Chat stays inside the farms a user belongs to (issue 12 point 4). Ani and Budi work on
 * one farm, Tono on another. Ani's contacts and user search show Budi, never Tono, and a
 * direct message to Tono, sent over the chat socket as the app sends one, is refused
 * as not found; Tono receives nothing.
 */
test('users of another farm are not contacts, not found by search, and cannot be messaged', async ({
  browser,
  request,
}) => {
  const t = `${Date.now().toString(36)}`;
  const ani = await apiSignUp(request, `Ani ${t}`, uniqueEmail(`ani.${t}`));
  const budi = await apiSignUp(request, `Budi ${t}`, uniqueEmail(`budi.${t}`));
  const tono = await apiSignUp(request, `Tono ${t}`, uniqueEmail(`tono.${t}`));
  await apiShareFarm(request, ani, [budi], `Tambak Timur ${t}`);
  await apiShareFarm(request, tono, [], `Tambak Barat ${t}`);
  const tonoId = (await new ApiAs(request, tono.token).get<{ id: string }>('/user')).id;

  const page = await ChatPage.signedIn(browser, request, ani);
  await page.open();
  await page.tab(1).click();
  const list = page.page.locator('.chat-sidebar');
  await expect(list.locator('.chat-item__open', { hasText: budi.name })).toBeVisible();
  await expect(list.locator('.chat-item__open', { hasText: tono.name })).toHaveCount(0);

  // Searching for Tono by name finds nobody; searching for Budi finds him.
  const search = list.locator('input[type="search"]');
  await search.fill(`Tono ${t}`);
  await expect(list.getByText('Tidak ada pengguna')).toBeVisible();
  await search.fill(`Budi ${t}`);
  await expect(list.locator('.chat-item__open', { hasText: budi.name })).toBeVisible();

  // Budi can be messaged from the contacts list.
  await page.openContact(budi.name);
  await page.send('Pakan kolam 2 sudah?');
  await expect(page.receipt('Pakan kolam 2')).toHaveAttribute('data-receipt', /sent|delivered/);

  // A direct message to Tono through the chat socket: refused as not found.
  const answer = await page.page.evaluate(
    async ([token, receiver]) => {
      const url = `${location.origin.replace(/^http/, 'ws')}/api/chat/socket?token=${token}&lang=id`;
      const ws = new WebSocket(url);
      return new Promise<{ type: string; code?: string; message?: string }>((resolve, reject) => {
        const id = crypto.randomUUID();
        ws.onerror = () => reject(new Error('socket failed'));
        ws.onmessage = (event) => {
          const frame = JSON.parse(event.data as string);
          if (frame.type === 'ready')
            ws.send(
              JSON.stringify({
                type: 'send',
                client_id: id,
                ref: id,
                receiver_type: 'user',
                receiver,
                text: 'Halo dari tambak lain',
              }),
            );
          else if (
            (frame.type === 'ack' && frame.client_id === id) ||
            (frame.type === 'error' && frame.ref === id)
          ) {
            ws.close();
            resolve(frame);
          }
        };
      });
    },
    [ani.token, tonoId] as const,
  );
  expect(answer).toMatchObject({ type: 'error', code: 'not-found' });
  expect(answer.message).toBeTruthy();

  // Over REST too: Tono is as unknown as an id that exists nowhere.
  const headers = { authorization: `Bearer ${ani.token}` };
  expect((await request.get(`/api/chat/users/${tonoId}`, { headers })).status()).toBe(404);
  const poll = await request.post('/api/chat/polls', {
    headers,
    data: { question: 'Panen?', options: ['ya', 'tidak'], receiver_type: 'user', receiver: tonoId },
  });
  expect(poll.status()).toBe(404);

  // Tono's own chat: no conversation with Ani, and Ani is not among his contacts.
  const tonoPage = await ChatPage.signedIn(browser, request, tono);
  await tonoPage.open();
  await expect(tonoPage.conversationItem(ani.name)).toHaveCount(0);
  await tonoPage.tab(1).click();
  await expect(tonoPage.page.locator('.chat-sidebar').getByText('Tidak ada pengguna')).toBeVisible();
  await tonoPage.page.context().close();
  await page.page.context().close();
});
