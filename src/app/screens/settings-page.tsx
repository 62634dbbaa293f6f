import '#features/warehouse/register-locales.ts';
import { useTranslation } from 'react-i18next';
import { can } from '#components/farm-data';
import { SettingsScreen as FarmSettings } from '#features/settings/settings-screen';
import { FeedProgrammeTab } from '#features/warehouse/feed-programme-tab';
import { WaterStandardsTab } from '#features/water/water-standards-tab';
import { ACTION } from '#shared/domain/permissions';

/**
 * /farm/{farm_id}/settings: the settings feature's tabs plus the water standards tab of the
 * water feature, composed here so the two features do not import each other.
 */
export function SettingsScreen() {
  const { t } = useTranslation('water');
  const { t: tw } = useTranslation('warehouse');
  return (
    <FarmSettings
      standards={{
        // The server lists the standards to whoever may view water quality or its settings.
        visible: (farm) =>
          can(farm, 'water_quality', ACTION.view) || can(farm, 'water_quality_setting', ACTION.view),
        label: t('standards.tab'),
        render: (farm) => <WaterStandardsTab farm={farm} />,
      }}
      more={[
        {
          key: 'feeding',
          visible: (farm) => can(farm, 'warehouse', ACTION.view),
          label: tw('programme.tab'),
          render: (farm) => <FeedProgrammeTab farm={farm} />,
        },
      ]}
    />
  );
}
