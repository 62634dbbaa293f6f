import type { Db } from '../db/database.ts';
import type { FarmAccess } from '../kernel/farm-access.ts';
import { LarvaeRepository } from '../modules/larvae/larvae.repository.ts';
import { LarvaeService } from '../modules/larvae/larvae.service.ts';
import { LarvaeCounter } from '../modules/larvae/larvae-counter.ts';
import { LarvaeJobs } from '../modules/larvae/larvae-jobs.ts';
import { UploadRepository } from '../modules/uploads/uploads.repository.ts';
import { UploadService } from '../modules/uploads/uploads.service.ts';
import { FileStore } from '../storage/file-store.ts';

/** The larvae-counting module's object graph (context.ts spreads it in). */
export function createLarvaeModules(deps: {
  db: Db;
  farmAccess: FarmAccess;
  dataDir: string;
  log: (line: string) => void;
}) {
  const store = new FileStore(deps.dataDir);
  const repo = new LarvaeRepository(deps.db);
  const larvaeJobs = new LarvaeJobs({
    db: deps.db,
    repo,
    store,
    counter: new LarvaeCounter(),
    log: deps.log,
  });
  const uploads = new UploadService(new UploadRepository(deps.db), store);
  return {
    larvaeJobs,
    larvae: new LarvaeService({ repo, farmAccess: deps.farmAccess, uploads, jobs: larvaeJobs }),
  };
}
