import type { Db } from '../../db/database.ts';
import { RecordMerge } from '../../sync/record-merge.ts';
import type { FarmAccess } from '../farm/farm-access.ts';
import { PhotoRepository } from '../photos/photos.repository.ts';
import { AccountRepository } from './account.repository.ts';
import { AccountService } from './account.service.ts';
import { CategoryRepository } from './category.repository.ts';
import { CategoryService } from './category.service.ts';
import { NO_PRODUCTION_YET, type ProductionSources } from './production-sources.ts';
import { StatsRepository } from './stats.repository.ts';
import { StatsService } from './stats.service.ts';
import { TransactionRepository } from './transaction.repository.ts';
import { TransactionService } from './transaction.service.ts';

/**
 * The finance services, spread into AppContext. `sources` is the seam to production and
 * warehouse (production-sources.ts): harvested kg and revenue, usage cost, proposals.
 */
export function createFinanceModules({
  db,
  farmAccess,
  sources = NO_PRODUCTION_YET,
}: {
  db: Db;
  farmAccess: FarmAccess;
  sources?: ProductionSources;
}) {
  const accounts = new AccountRepository(db);
  const categories = new CategoryRepository(db);
  const merge = new RecordMerge(db);
  return {
    financeAccounts: new AccountService({ accounts, access: farmAccess, merge }),
    financeCategories: new CategoryService({ categories, access: farmAccess, merge }),
    financeTransactions: new TransactionService({
      transactions: new TransactionRepository(db),
      accounts,
      categories,
      access: farmAccess,
      merge,
      sources,
      photos: new PhotoRepository(db),
    }),
    financeStats: new StatsService({ stats: new StatsRepository(db), accounts, access: farmAccess, sources }),
  };
}
