import type { Db } from '../db/database.ts';
import type { FarmAccess } from '../kernel/farm-access.ts';
import { AccountRepository } from '../modules/finance/account.repository.ts';
import { AccountService } from '../modules/finance/account.service.ts';
import { CategoryRepository } from '../modules/finance/category.repository.ts';
import { CategoryService } from '../modules/finance/category.service.ts';
import { NO_PRODUCTION_YET, type ProductionSources } from '../modules/finance/production-sources.ts';
import { StatsRepository } from '../modules/finance/stats.repository.ts';
import { StatsService } from '../modules/finance/stats.service.ts';
import { TransactionRepository } from '../modules/finance/transaction.repository.ts';
import { TransactionService } from '../modules/finance/transaction.service.ts';
import { PhotoRepository } from '../modules/photos/photos.repository.ts';
import { RecordMerge } from '../sync/record-merge.ts';

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
