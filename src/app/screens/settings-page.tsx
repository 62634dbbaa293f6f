import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '#components/farm-data';
import { FeatureBoundary } from '#components/feature-boundary';
import { SettingsScreen as FarmSettings } from '#features/settings/settings-screen';
import '#features/settings/register-locales.ts';
import { lazyPart } from '#components/lazy-part';
import { farmDay } from '#features/production/production-model.ts';
import { ACTION, canEditFarm } from '#shared/domain/permissions';

// Tabs of other features load when opened: the settings screen's first download is its own.
const WaterStandardsTab = lazyPart(() =>
  import('#features/water/water-standards-tab').then((m) => ({ default: m.WaterStandardsTab })),
);
const AttentionSettingsTab = lazyPart(() =>
  import('#features/attention/attention-settings-tab').then((m) => ({ default: m.AttentionSettingsTab })),
);
const EmbedLinksTab = lazyPart(() =>
  import('#features/embed-links/embed-links-tab').then((m) => ({ default: m.EmbedLinksTab })),
);
const ProbeDevicesTab = lazyPart(() =>
  import('#features/probes/probe-devices-tab').then((m) => ({ default: m.ProbeDevicesTab })),
);
const PriceListTab = lazyPart(() =>
  import('#features/forecast/price-list-tab').then((m) => ({ default: m.PriceListTab })),
);
const FeedProgrammeTab = lazyPart(() =>
  import('#features/warehouse/feed-programme-tab').then((m) => ({ default: m.FeedProgrammeTab })),
);

/**
 * /farm/{farm_id}/settings: the settings feature's tabs plus the water standards tab of the
 * water feature and the feeding programme of the warehouse, composed here so the features
 * do not import each other. The settings feature names every tab.
 */
export function SettingsScreen() {
  const { t } = useTranslation('settings');
  return (
    <FarmSettings
      standards={{
        // The server lists the standards to whoever may view water quality or its settings.
        visible: (farm) =>
          can(farm, 'water_quality', ACTION.view) || can(farm, 'water_quality_setting', ACTION.view),
        label: t('tabs.standards'),
        render: (farm) => (
          <FeatureBoundary>
            <Suspense fallback={null}>
              <WaterStandardsTab farm={farm} />
            </Suspense>
          </FeatureBoundary>
        ),
      }}
      more={[
        {
          // The attention board's thresholds (issue 31): every member reads them, editors save.
          key: 'attention',
          visible: () => true,
          label: t('tabs.attention'),
          render: (farm) => (
            <FeatureBoundary>
              <Suspense fallback={null}>
                <AttentionSettingsTab farm={farm} />
              </Suspense>
            </FeatureBoundary>
          ),
        },
        {
          key: 'feeding',
          visible: (farm) => can(farm, 'warehouse', ACTION.view),
          label: t('tabs.feeding'),
          render: (farm) => (
            <FeatureBoundary>
              <Suspense fallback={null}>
                <FeedProgrammeTab farm={farm} />
              </Suspense>
            </FeatureBoundary>
          ),
        },
        {
          // The price list and target sizes of the forecast (issue 26, ADR 0072): members
          // read them (revenue on the pond page), finance or harvest editors change them.
          key: 'prices',
          visible: () => true,
          label: t('tabs.prices'),
          render: (farm) => (
            <Suspense fallback={null}>
              <PriceListTab farm={farm} today={farmDay()} />
            </Suspense>
          ),
        },
        {
          // Embed links (issue 29, ADR 0062): owners and managers make, list and revoke them.
          key: 'embed',
          visible: (farm) => canEditFarm(farm.role_id),
          label: t('tabs.embed'),
          render: (farm) => (
            <FeatureBoundary>
              <Suspense fallback={null}>
                <EmbedLinksTab farm={farm} />
              </Suspense>
            </FeatureBoundary>
          ),
        },
        {
          // Water-quality probes (issue 27, ADR 0066): owners and managers add, rotate and revoke them.
          key: 'probes',
          visible: (farm) => canEditFarm(farm.role_id),
          label: t('tabs.probes'),
          render: (farm) => (
            <FeatureBoundary>
              <Suspense fallback={null}>
                <ProbeDevicesTab farm={farm} />
              </Suspense>
            </FeatureBoundary>
          ),
        },
      ]}
    />
  );
}
