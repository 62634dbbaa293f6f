import type { Db } from '../../db/database.ts';
import { RecordMerge } from '../../sync/record-merge.ts';
import { ChartsRepository } from '../charts/charts.repository.ts';
import type { FarmAccess } from '../farm/farm-access.ts';
import { AnalysisRepository } from './analysis.repository.ts';
import { AnalysisService } from './analysis.service.ts';
import { ComparisonService } from './comparison.service.ts';
import { TemplateRepository } from './template.repository.ts';
import { TemplateService } from './template.service.ts';

/** The analysis, comparison and comparison-template services, spread into AppContext. */
export function createAnalysisModules({ db, farmAccess }: { db: Db; farmAccess: FarmAccess }) {
  const charts = new ChartsRepository(db);
  const analysis = new AnalysisRepository(db);
  return {
    analysis: new AnalysisService({ analysis, charts, access: farmAccess }),
    comparison: new ComparisonService({ analysis, charts, access: farmAccess }),
    comparisonTemplates: new TemplateService({
      templates: new TemplateRepository(db),
      access: farmAccess,
      merge: new RecordMerge(db),
    }),
  };
}
