import type { AlertRule } from './alerts.ts';
import { MASTER_DISEASES } from './diseases.ts';

/** A disease record just stored (records module, `disease_records`). */
export interface DiseaseRecord {
  id: string;
  pond_id: string;
  /** Farm day, YYYY-MM-DD. */
  disease_date: string;
  master_disease_id: number;
}

/**
 * Every disease recorded reaches those who see the pond's disease records, once per
 * record. The disease is named in each recipient's language (`disease@en`).
 */
export const diseaseAlerts: AlertRule<DiseaseRecord> = ({ farmId, record }) => {
  const disease = MASTER_DISEASES.find((d) => d.id === record.master_disease_id);
  return [
    {
      kind: 'disease',
      key: `disease:${record.id}`,
      occurredAt: `${record.disease_date}T00:00:00.000Z`,
      pondId: record.pond_id,
      feature: 'disease',
      title: { key: 'alert.disease-title' },
      body: {
        key: 'alert.disease-body',
        params: {
          disease: disease?.name_id ?? String(record.master_disease_id),
          'disease@en': disease?.name_en ?? String(record.master_disease_id),
        },
      },
      url: `/farm/${farmId}/pond/${record.pond_id}`,
    },
  ];
};
