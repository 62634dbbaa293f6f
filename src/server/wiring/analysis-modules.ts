import type { Db } from '../db/database.ts';
import type { FarmAccess } from '../kernel/farm-access.ts';
import { AnalysisRepository } from '../modules/analysis/analysis.repository.ts';
import { AnalysisService } from '../modules/analysis/analysis.service.ts';
import { ComparisonService } from '../modules/analysis/comparison.service.ts';
import { TemplateRepository } from '../modules/analysis/template.repository.ts';
import { TemplateService } from '../modules/analysis/template.service.ts';
import { ChartsRepository } from '../modules/charts/charts.repository.ts';
import { RecordMerge } from '../sync/record-merge.ts';

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
