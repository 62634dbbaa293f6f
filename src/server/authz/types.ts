import type { ErrorCode } from '#shared/errors';
import type { App } from '../app.ts';

/** A signed-in person of the fixture. */
export interface FixtureUser {
  id: string;
  email: string;
  auth: { authorization: string };
}

/** One farm of the fixture with the ids a case needs; modules add theirs under `extra`. */
export interface FarmFixture {
  farmId: string;
  farmName: string;
  blockId: string;
  blockName: string;
  pondId: string;
  pondName: string;
  /** The owner's membership (user_farm_id). */
  userFarmId: string;
  ownerId: string;
  /** Ids a module's `seed` created in this farm, e.g. `{ cycleId }`. */
  extra: Record<string, string>;
}

export interface AuthzRequest {
  /** Path with query, e.g. `/api/block?farm_id=…`. */
  url: string;
  /** A JSON body, or raw bytes (multipart) with their content-type in `headers`. */
  payload?: Record<string, unknown> | Buffer;
  headers?: Record<string, string>;
}

/**
 * User b (admin of farm B) calls a route with farm A's ids. Unless said otherwise the
 * answer must be 404 `not-found`; in every case nothing of A may change and A's names
 * and ids must not appear in the answer.
 */
export interface AuthzCase {
  /** `METHOD /api/path/:param` exactly as registered. */
  route: string;
  /** What b sends; `A` is the victim farm, `B` b's own (for cross-farm references). */
  request: (A: FarmFixture, B: FarmFixture) => AuthzRequest;
  /** Expected status; default 404. */
  status?: number;
  /** Expected error code; default `not-found` for 404 and `forbidden` for 403. */
  code?: ErrorCode;
  /** Why a status other than 404 is right (required then). */
  reason?: string;
}

/** A module's contribution: its cases and, optionally, objects it needs in both farms. */
export interface AuthzModule {
  name: string;
  cases: AuthzCase[];
  /** Creates the module's objects in `farm` as its owner; the ids land in `farm.extra`. */
  seed?: (app: App, owner: FixtureUser, farm: FarmFixture) => Promise<Record<string, string>>;
}
