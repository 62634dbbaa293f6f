import pg from 'pg';
import type { ServerProcess } from '#test/helpers/server-process';

/**
 * The people and the farm a seed plays with: a manager (role 2, every pond) and a
 * technician (role 3) with insert access to ponds 1 and 2, view-only access to pond 4
 * and no access to pond 3, so some of the technician's writes must be refused.
 */
export interface World {
  server: ServerProcess;
  managerToken: string;
  technicianToken: string;
  technicianId: string;
  /** The users as the sign-in answered them (the browser harness stores them as the session). */
  managerUser?: unknown;
  technicianUser?: unknown;
}

export interface Farm {
  farmId: string;
  /** Four ponds: [0] and [1] technician insert, [2] hidden from the technician, [3] view-only. */
  pondIds: string[];
}

async function call(base: string, method: string, path: string, body?: unknown, token?: string) {
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { data: unknown };
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  // biome-ignore lint/suspicious/noExplicitAny: API answers of the setup calls
  return json.data as any;
}

async function signUp(base: string, name: string): Promise<{ token: string; id: string; user: unknown }> {
  const email = `${name}.${Date.now()}.${Math.floor(Math.random() * 1e9)}@example.com`;
  const password = 'rahasia-123';
  await call(base, 'POST', '/registrasi', {
    username: name,
    email,
    password,
    password_confirmation: password,
  });
  await call(base, 'POST', '/login/email', { email, password });
  const outbox = await call(base, 'GET', `/dev/outbox?to=${encodeURIComponent(email)}`);
  const code = outbox.find((m: { body: string }) => /\b\d{6}\b/.test(m.body)).body.match(/\b(\d{6})\b/)[1];
  const { token, user } = await call(base, 'POST', '/login/otp', { email, code });
  return { token, id: user.id, user };
}

export async function createWorld(server: ServerProcess): Promise<World> {
  const manager = await signUp(server.baseUrl, 'manajer');
  const technician = await signUp(server.baseUrl, 'teknisi');
  return {
    server,
    managerToken: manager.token,
    technicianToken: technician.token,
    technicianId: technician.id,
    managerUser: manager.user,
    technicianUser: technician.user,
  };
}

/** A new farm of the manager, with the technician as a member (rows written in SQL). */
export async function createFarm(world: World, seed: number): Promise<Farm> {
  const base = world.server.baseUrl;
  const t = world.managerToken;
  const farmId = (await call(base, 'POST', '/farm/add', { name: `Tambak chaos ${seed}` }, t))
    .farm_id as string;
  const block = await call(base, 'POST', '/block', { farm_id: farmId, block_name: 'Blok A' }, t);
  const pondIds: string[] = [];
  for (let i = 1; i <= 4; i++) {
    const pond = await call(
      base,
      'POST',
      '/pond',
      { farm_id: farmId, block_id: block.block_id, name: `Kolam ${i}`, area: 1000 },
      t,
    );
    pondIds.push(pond.pond_id);
  }
  const client = new pg.Client({ connectionString: world.server.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      'INSERT INTO user_farms (id, farm_id, user_id, role_id) VALUES (gen_random_uuid(), $1, $2, 3) RETURNING id',
      [farmId, world.technicianId],
    );
    const userFarmId = rows[0].id as string;
    const access: [string, number][] = [
      [pondIds[0]!, 1],
      [pondIds[1]!, 1],
      [pondIds[3]!, 0],
    ];
    for (const [pondId, level] of access)
      await client.query(
        'INSERT INTO user_farm_ponds (user_farm_id, pond_id, farm_id, access_level) VALUES ($1, $2, $3, $4)',
        [userFarmId, pondId, farmId, level],
      );
  } finally {
    await client.end();
  }
  return { farmId, pondIds };
}
