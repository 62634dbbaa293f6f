import type { APIRequestContext } from '@playwright/test';
import { readCode, uniqueEmail } from './dev-outbox.ts';

export interface ApiUser {
  email: string;
  password: string;
  name: string;
  token: string;
}

async function data<T>(response: Promise<import('@playwright/test').APIResponse>): Promise<T> {
  const res = await response;
  const body = await res.json();
  if (!res.ok()) throw new Error(`${res.url()}: ${res.status()} ${JSON.stringify(body)}`);
  return body.data as T;
}

/** Registers and signs in through the API (for preconditions; the flows under test use the UI). */
export async function apiSignUp(
  request: APIRequestContext,
  name: string,
  email = uniqueEmail(name),
): Promise<ApiUser> {
  const password = 'rahasia-123';
  await data(
    request.post('/api/registrasi', {
      data: { username: name, email, password, password_confirmation: password },
    }),
  );
  const token = await apiSignIn(request, email, password);
  return { email, password, name, token };
}

export async function apiSignIn(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<string> {
  await data(request.post('/api/login/email', { data: { email, password } }));
  const code = await readCode(request, email);
  return (await data<{ token: string }>(request.post('/api/login/otp', { data: { email, code } }))).token;
}

export class ApiAs {
  constructor(
    private readonly request: APIRequestContext,
    private readonly token: string,
  ) {}

  private headers() {
    return { authorization: `Bearer ${this.token}` };
  }
  get<T>(path: string): Promise<T> {
    return data<T>(this.request.get(`/api${path}`, { headers: this.headers() }));
  }
  post<T>(path: string, body: unknown): Promise<T> {
    return data<T>(this.request.post(`/api${path}`, { headers: this.headers(), data: body }));
  }
}

/** An embed link's token (ADR 0062) for screens of a farm, made by `api`'s user (owner or manager). */
export async function apiEmbedToken(api: ApiAs, farmId: string, screens: string[]): Promise<string> {
  return (await api.post<{ token: string }>('/embedLink', { farm_id: farmId, screens })).token;
}

/** A farm with one block and the named ponds, owned by `owner`. */
export async function apiFarm(api: ApiAs, name: string, ponds: string[]) {
  const farm = await api.post<{ farm_id: string }>('/farm/add', { name });
  const block = await api.post<{ block_id: string }>('/block', {
    farm_id: farm.farm_id,
    block_name: 'Blok A',
  });
  const pondIds: Record<string, string> = {};
  for (const pond of ponds) {
    const created = await api.post<{ pond_id: string }>('/pond', {
      farm_id: farm.farm_id,
      block_id: block.block_id,
      name: pond,
      area: 2500,
    });
    pondIds[pond] = created.pond_id;
  }
  return { farmId: farm.farm_id, pondIds };
}

/**
 * A new farm of `owner` with `members` invited by email as managers: chat stays inside
 * farms (issue 12 point 4), so people who chat in a test share one.
 */
export async function apiShareFarm(
  request: APIRequestContext,
  owner: ApiUser,
  members: ApiUser[],
  name = `Tambak Bersama ${Date.now().toString(36)}`,
): Promise<string> {
  const api = new ApiAs(request, owner.token);
  const { farm_id } = await api.post<{ farm_id: string }>('/farm/add', { name });
  for (const member of members)
    await api.post('/userFarm', { farm_id, email: member.email, role_id: 2, ponds: [] });
  return farm_id;
}
