import { randomBytes } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import type { CreatedEmbedLink, CreateEmbedLinkBody, EmbedLink } from '#shared/contracts/embed';
import { EMBED_DEFAULT_DAYS, EMBED_TOKEN_PREFIX, embedState } from '#shared/domain/embed';
import { canEditFarm } from '#shared/domain/permissions';
import { AppError } from '../../errors.ts';
import { cleanText } from '../../kernel/clean-text.ts';
import type { FarmAccess } from '../../kernel/farm-access.ts';
import { sha256 } from '../../security/tokens.ts';
import type { EmbedRepository, EmbedTokenRow } from './embed.repository.ts';
import { scopeRule } from './embed.scope.ts';

const DAY_MS = 86_400_000;
/** `last_used_at` is written at most once a minute per link (a page load makes several reads). */
const TOUCH_EVERY_MS = 60_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the auth layer knows of a request made with an embed token. */
export interface EmbedCredential {
  tokenId: string;
  farmId: string;
  screens: string[];
  /** The person who made the link: the request reads with their rights on the farm. */
  userId: string;
}

/** The parts of a request the scope check reads (a Fastify request has them). */
export interface EmbedRequest {
  method: string;
  routeUrl: string | undefined;
  params: unknown;
  query: unknown;
}

function toLink(row: EmbedTokenRow, now = Date.now()): EmbedLink {
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  const link = {
    id: row.id,
    farm_id: row.farm_id,
    screens: row.screens as EmbedLink['screens'],
    label: row.label,
    created_by: row.created_by,
    created_by_name: row.created_by_name,
    created_at: row.created_at.toISOString(),
    expires_at: row.expires_at.toISOString(),
    revoked_at: iso(row.revoked_at),
    last_used_at: iso(row.last_used_at),
  };
  return { ...link, state: embedState(link, now) };
}

/**
 * Embed links (issue 29 point 1, ADR 0062): owners and managers of a farm make, list and
 * revoke them; the auth layer turns a token into an `EmbedCredential` and checks each
 * request against the token's scope (`embed.scope.ts`).
 */
export class EmbedService {
  constructor(
    private readonly repo: EmbedRepository,
    private readonly access: FarmAccess,
    private readonly now: () => number = Date.now,
  ) {}

  /** Not a member: 404 (membership); a technician or viewer: 403. */
  private async requireManager(userId: string, farmId: string): Promise<void> {
    const m = await this.access.membership(userId, farmId);
    if (!canEditFarm(m.roleId)) throw new AppError('forbidden');
  }

  async create(userId: string, body: CreateEmbedLinkBody): Promise<CreatedEmbedLink> {
    await this.requireManager(userId, body.farm_id);
    const label = cleanText('label', body.label);
    const token = `${EMBED_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
    const id = uuidv7();
    await this.repo.insert({
      id,
      farm_id: body.farm_id,
      screens: [...new Set(body.screens)],
      label,
      token_hash: sha256(token),
      created_by: userId,
      expires_at: new Date(this.now() + (body.expires_in_days ?? EMBED_DEFAULT_DAYS) * DAY_MS),
    });
    const row = await this.repo.one(id);
    if (!row) throw new AppError('not-found');
    return { link: toLink(row, this.now()), token };
  }

  async list(userId: string, farmId: string): Promise<EmbedLink[]> {
    await this.requireManager(userId, farmId);
    const now = this.now();
    return (await this.repo.list(farmId)).map((row) => toLink(row, now));
  }

  async revoke(userId: string, id: string): Promise<EmbedLink> {
    const found = await this.repo.one(id);
    if (!found) throw new AppError('not-found');
    await this.requireManager(userId, found.farm_id);
    await this.repo.revoke(id, userId);
    const row = await this.repo.one(id);
    if (!row) throw new AppError('not-found');
    return toLink(row, this.now());
  }

  /** The token's credential, or null when it is unknown (tampered), expired or revoked. */
  async authenticate(token: string): Promise<EmbedCredential | null> {
    if (token.length > 200 || !token.startsWith(EMBED_TOKEN_PREFIX)) return null;
    const row = await this.repo.byHash(sha256(token));
    const now = this.now();
    if (!row || row.revoked_at || row.expires_at.getTime() <= now) return null;
    if (!row.last_used_at || now - row.last_used_at.getTime() >= TOUCH_EVERY_MS)
      await this.repo.touch(row.id);
    return { tokenId: row.id, farmId: row.farm_id, screens: row.screens, userId: row.created_by };
  }

  /**
   * A request with an embed token: a GET of the scope's routes for the token's screens, on
   * the token's farm; anything else 403 `embed-link-scope` before the handler runs.
   */
  async guard(cred: EmbedCredential, request: EmbedRequest): Promise<void> {
    const refuse = () => new AppError('embed-link-scope');
    if (request.method !== 'GET' && request.method !== 'HEAD') throw refuse();
    const rule = request.routeUrl ? scopeRule(request.method, request.routeUrl, cred.screens) : null;
    if (!rule) throw refuse();
    if (rule.farm === 'query') {
      const farmId = (request.query as Record<string, unknown> | undefined)?.farm_id;
      if (farmId !== cred.farmId) throw refuse();
    } else if (rule.farm === 'report') {
      const id = (request.params as Record<string, unknown> | undefined)?.id;
      if (typeof id !== 'string' || !UUID.test(id)) throw refuse();
      if ((await this.repo.reportFarm(id)) !== cred.farmId) throw refuse();
    }
  }
}
