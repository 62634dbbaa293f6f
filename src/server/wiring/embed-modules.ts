import type { Db } from '../db/database.ts';
import type { FarmAccess } from '../kernel/farm-access.ts';
import { EmbedRepository } from '../modules/embed/embed.repository.ts';
import { EmbedService } from '../modules/embed/embed.service.ts';

/** Embed links (ADR 0062), spread into AppContext; the auth plugin (app.ts) uses the same service. */
export function createEmbedModules({ db, farmAccess }: { db: Db; farmAccess: FarmAccess }) {
  return { embedLinks: new EmbedService(new EmbedRepository(db), farmAccess) };
}
