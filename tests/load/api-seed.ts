/**
 * Seeding through the public API, as a farmer's devices would: sign-up with the emailed
 * code (read from the dev outbox), a farm, a block, ponds and water readings.
 */
import { v7 as uuidv7 } from 'uuid';
import { json } from './harness.ts';

export interface SeededFarm {
  token: string;
  farmId: string;
  blockId: string;
  pondIds: string[];
}

const headers = (token?: string) => ({
  'content-type': 'application/json',
  ...(token ? { authorization: `Bearer ${token}` } : {}),
});

async function call<T>(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: headers(token),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return json<T>(res, `${method} ${path}`);
}

/** Registration, password sign-in and the 6-digit code from the dev outbox: a real session token. */
export async function signUpOwner(base: string, name: string): Promise<string> {
  const email = `${name}.${Date.now()}@example.com`;
  const password = 'rahasia-123';
  await call(base, 'POST', '/api/registrasi', {
    username: name,
    email,
    password,
    password_confirmation: password,
  });
  await call(base, 'POST', '/api/login/email', { email, password });
  const outbox = await call<{ data: { body: string }[] }>(
    base,
    'GET',
    `/api/dev/outbox?to=${encodeURIComponent(email)}`,
  );
  const code = outbox.data.map((m) => /\b(\d{6})\b/.exec(m.body)?.[1]).find(Boolean);
  if (!code) throw new Error(`no sign-in code for ${email}`);
  const otp = await call<{ data: { token: string } }>(base, 'POST', '/api/login/otp', { email, code });
  return otp.data.token;
}

/** An owner's farm with one block and `ponds` ponds, all through the API. */
export async function seedFarm(base: string, token: string, ponds: number): Promise<SeededFarm> {
  const farm = await call<{ data: { farm_id: string } }>(
    base,
    'POST',
    '/api/farm/add',
    { name: 'Tambak Load' },
    token,
  );
  const farmId = farm.data.farm_id;
  const block = await call<{ data: { block_id: string } }>(
    base,
    'POST',
    '/api/block',
    { farm_id: farmId, block_name: 'Blok A' },
    token,
  );
  const blockId = block.data.block_id;
  const pondIds: string[] = [];
  for (let i = 0; i < ponds; i++) {
    const pond = await call<{ data: { pond_id: string } }>(
      base,
      'POST',
      '/api/pond',
      { farm_id: farmId, block_id: blockId, name: `Kolam ${i + 1}`, area: 1000 + i },
      token,
    );
    pondIds.push(pond.data.pond_id);
  }
  return { token, farmId, blockId, pondIds };
}

let sequence = 0;

/**
 * `n` general water readings with fresh ids, one per pond in turn, at distinct hours from
 * `startDay` (UTC ms) in farm time (+07:00).
 */
export function readings(pondIds: string[], n: number, startDay: number) {
  return Array.from({ length: n }, (_, i) => {
    const k = sequence++;
    return {
      id: uuidv7(),
      pond_id: pondIds[i % pondIds.length],
      measured_at: new Date(startDay + (k % 8760) * 3_600_000).toISOString().replace('Z', '+07:00'),
      ph: 7.5 + (k % 10) / 10,
      do: 4 + (k % 5),
      temperature: 28 + (k % 4),
      turbidity: 30,
      water_height: 120,
      salinity: 15 + (k % 10),
      oxygen: -99,
      orp: 200,
      color: 1 + (k % 17),
      weather: 1 + (k % 7),
    };
  });
}

/** Posts readings in batches and fails on any item that is not `ok`. */
export async function postReadings(
  base: string,
  token: string,
  items: unknown[],
  batch = 500,
): Promise<void> {
  for (let i = 0; i < items.length; i += batch) {
    const res = await call<{ data: { results: { status: string }[] } }>(
      base,
      'POST',
      '/api/water/general/bulk',
      { items: items.slice(i, i + batch) },
      token,
    );
    const bad = res.data.results.filter((r) => r.status !== 'ok');
    if (bad.length) throw new Error(`seed readings refused: ${JSON.stringify(bad[0])}`);
  }
}
