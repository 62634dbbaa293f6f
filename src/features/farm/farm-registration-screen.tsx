import './register-locales.ts';
import { Link, useNavigate } from '@tanstack/react-router';
import { Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import { mirrorNewFarm, useFarms } from '#components/farm-data';
import { applyServerErrors, FormAlert, FormikForm, SubmitButton, TextField } from '#components/form-field';
import { Card, PageHeader } from '#components/page';
import { useSession } from '#components/session';
import { useToast } from '#components/toast';
import { yup } from '#components/validation';
import { api } from '#local/api-client';
import { syncControl } from '#local/sync/status';
import type { Farm } from '#shared/contracts/farm';
import { DemoOffer } from './demo-offer.tsx';

const schema = yup.object({ name: yup.string().trim().required().max(100) });

export function FarmRegistrationScreen() {
  const { t } = useTranslation('farm');
  const toast = useToast();
  const navigate = useNavigate();
  const session = useSession();
  const { data: farms } = useFarms();
  const first = farms !== undefined && farms.length === 0;

  return (
    <div className="narrow">
      <PageHeader title={t('registration.title')} backTo={farms?.length ? '/farm' : undefined} />
      {first && <p className="notice">{t('registration.first')}</p>}
      <Card>
        <p className="muted">{t('registration.intro')}</p>
        <Formik
          initialValues={{ name: '' }}
          validationSchema={schema}
          onSubmit={async (values, helpers) => {
            try {
              // Online only: POST /farm/add takes no device id, so a replay could make two farms.
              const { data } = await api.post<Farm>('/farm/add', { name: values.name.trim() });
              toast.success(t('registration.done', { name: data.name }));
              // Into the mirror at once (the farm home reads it), then a pull for the rest.
              await mirrorNewFarm(data);
              void syncControl().then((control) => control.syncNow());
              // A new farm has no ponds yet: its ponds and blocks, not the attention board.
              await navigate({ href: `/farm/${encodeURIComponent(data.farm_id)}?home=farm` });
            } catch (error) {
              applyServerErrors(error, helpers, values);
              toast.error(error);
            }
          }}
        >
          <FormikForm className="form">
            <FormAlert />
            <TextField
              name="name"
              label={t('registration.name')}
              hint={t('registration.nameHint')}
              autoFocus
            />
            <SubmitButton>{t('registration.submit')}</SubmitButton>
          </FormikForm>
        </Formik>
      </Card>
      <DemoOffer />
      {session?.user && (
        <p className="muted center">
          {t('registration.signedInAs', { name: session.user.username })}{' '}
          <Link to="/profile">{t('registration.toProfile')}</Link>
        </p>
      )}
    </div>
  );
}
