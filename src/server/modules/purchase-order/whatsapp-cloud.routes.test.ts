import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FarmSetup, ownerWithFarm, type QuickUser } from '#test/helpers/farm-fixtures';
import { createTestApp } from '#test/helpers/test-app';
import type { App } from '../../app.ts';
import { STARTER_PRODUCTS } from '../../db/migrations/data/starter-products-0016.ts';
import { WhatsAppCloudClient, whatsappConfigFromEnv } from './whatsapp-cloud.ts';

/**
 * The WhatsApp Business Cloud API path against a local HTTP server standing in for
 * Meta's Graph API (the network only): the real client code builds the request.
 */
interface Seen {
  url: string;
  auth: string | undefined;
  body: { messaging_product: string; to: string; type: string; text: { body: string } };
}
let graph: Server;
let graphUrl: string;
const seen: Seen[] = [];
let failNext = false;

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = '';
    req.on('data', (c) => {
      data += c;
    });
    req.on('end', () => resolve(data));
  });

let app: App;
let owner: QuickUser;
let farm: FarmSetup;

beforeAll(async () => {
  graph = createServer(async (req, res) => {
    const body = JSON.parse(await read(req));
    seen.push({ url: req.url ?? '', auth: req.headers.authorization, body });
    res.setHeader('content-type', 'application/json');
    if (failNext) {
      failNext = false;
      res.statusCode = 400;
      res.end(JSON.stringify({ error: { message: 'Recipient not in allowed list', code: 131030 } }));
      return;
    }
    res.end(
      JSON.stringify({
        messaging_product: 'whatsapp',
        contacts: [{ input: body.to, wa_id: body.to }],
        messages: [{ id: 'wamid.TEST123' }],
      }),
    );
  });
  await new Promise<void>((resolve) => graph.listen(0, '127.0.0.1', resolve));
  graphUrl = `http://127.0.0.1:${(graph.address() as AddressInfo).port}`;
  // The app reads its WhatsApp settings from the environment when it is built.
  process.env.WHATSAPP_CLOUD_TOKEN = 'test-token';
  process.env.WHATSAPP_PHONE_NUMBER_ID = '1234567890';
  process.env.WHATSAPP_GRAPH_URL = graphUrl;
  ({ app, owner, farm } = await ownerWithFarm(1, createTestApp));
  delete process.env.WHATSAPP_CLOUD_TOKEN;
  delete process.env.WHATSAPP_PHONE_NUMBER_ID;
  delete process.env.WHATSAPP_GRAPH_URL;
});
afterAll(async () => {
  await app.close();
  await new Promise((resolve) => graph.close(resolve));
});

describe('whatsappConfigFromEnv', () => {
  it('is off without a token and number id, with the documented defaults otherwise', () => {
    expect(whatsappConfigFromEnv({})).toBeNull();
    expect(whatsappConfigFromEnv({ WHATSAPP_CLOUD_TOKEN: 't' })).toBeNull();
    expect(whatsappConfigFromEnv({ WHATSAPP_CLOUD_TOKEN: 't', WHATSAPP_PHONE_NUMBER_ID: '9' })).toMatchObject(
      {
        graphUrl: 'https://graph.facebook.com',
        apiVersion: 'v21.0',
      },
    );
  });
});

describe('POST /api/farm/purchase-order/:id/whatsapp with the Cloud API configured', () => {
  const order = async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/farm/purchase-order',
      headers: owner.auth,
      payload: {
        farm_id: farm.farmId,
        supplier_name: 'CV Benur & Pakan',
        supplier_phone: '+62 812 1111 2222',
        items: [{ product_id: STARTER_PRODUCTS[0].id, qty: 40 }],
      },
    });
    return res.json().data.id as string;
  };

  it('posts the order text to {graph}/v21.0/{phone_number_id}/messages with the bearer token', async () => {
    const id = await order();
    const res = await app.inject({
      method: 'POST',
      url: `/api/farm/purchase-order/${id}/whatsapp?lang=en`,
      headers: owner.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ channel: 'cloud-api', message_id: 'wamid.TEST123' });
    const last = seen.at(-1) as Seen;
    expect(last.url).toBe('/v21.0/1234567890/messages');
    expect(last.auth).toBe('Bearer test-token');
    expect(last.body).toMatchObject({ messaging_product: 'whatsapp', to: '6281211112222', type: 'text' });
    expect(last.body.text.body).toContain('Shrimp feed crumble #0 (0.3–0.5 mm): 40 Kg');
    const list = await app.inject({
      method: 'GET',
      url: `/api/purchase-order?farm_id=${farm.farmId}`,
      headers: owner.auth,
    });
    expect(list.json().data.find((o: { id: string }) => o.id === id)).toMatchObject({
      status: 'sent',
      sent_via: 'cloud-api',
    });
  });

  it('falls back to the click-to-chat link when Meta refuses the message', async () => {
    const id = await order();
    failNext = true;
    const res = await app.inject({
      method: 'POST',
      url: `/api/farm/purchase-order/${id}/whatsapp`,
      headers: owner.auth,
    });
    expect(res.json().data).toMatchObject({ channel: 'link', message_id: null });
    expect(res.json().data.url).toMatch(/^https:\/\/wa\.me\/6281211112222\?text=/);
  });

  it('the client reports an unreachable Graph API as an error', async () => {
    const client = new WhatsAppCloudClient({
      token: 't',
      phoneNumberId: '1',
      graphUrl: 'http://127.0.0.1:9',
      apiVersion: 'v21.0',
      timeoutMs: 2000,
    });
    await expect(client.sendText('62812', 'x')).rejects.toThrow(/unreachable/);
  });
});
