import '../register-locales.ts';
import { Formik, type FormikHelpers } from 'formik';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '#components/dialog';
import { FormAlert, FormikForm, SelectField, TextField } from '#components/form-field';
import type { Group } from '#shared/chat/entities';
import { groupTypeOf, validateGroup } from '#shared/chat/rules';
import { ChatError } from '../client/chat-client.ts';
import { useChatClient } from '../client/chat-context.tsx';

interface Values {
  name: string;
  type: string;
  password: string;
}

const EMPTY: Values = { name: '', type: '', password: '' };

interface CreateGroupModalProps {
  open: boolean;
  onClose: () => void;
  onCreated: (group: Group) => void;
}

/**
 * Seed 001 §4–§5 create group: name, type (public, private, protected), password only for
 * protected; the shared rules decide, so the modal says what the server would.
 */
export function CreateGroupModal({ open, onClose, onCreated }: CreateGroupModalProps) {
  const { t } = useTranslation('chatGroups');
  const { t: tc } = useTranslation('common');
  const client = useChatClient();
  const formId = useId();

  const validate = (values: Values) => {
    const errors = validateGroup(values);
    return Object.fromEntries(Object.entries(errors).map(([field, key]) => [field, tc(key)]));
  };

  const submit = async (values: Values, helpers: FormikHelpers<Values>) => {
    if (!client) return;
    helpers.setStatus(undefined);
    const type = groupTypeOf(values.type) ?? 'public';
    try {
      const group = await client.createGroup({
        name: values.name.trim(),
        type,
        password: type === 'password' ? values.password : undefined,
      });
      helpers.resetForm();
      onCreated(group);
    } catch (err) {
      // Seed 001 §8: the failure shows in the modal (and the console keeps the detail).
      console.error('create group failed', err);
      const fields: Partial<Record<keyof Values, string>> = {};
      const other: string[] = [];
      if (err instanceof ChatError && err.errors) {
        for (const [field, messages] of Object.entries(err.errors)) {
          if (field in EMPTY) fields[field as keyof Values] = messages[0] ?? '';
          else other.push(...messages);
        }
      }
      helpers.setErrors(fields);
      if (other.length || !Object.keys(fields).length) {
        helpers.setStatus({ formError: other.length ? other.join(' ') : (err as Error).message });
      }
    }
  };

  return (
    <Formik<Values> initialValues={EMPTY} validate={validate} onSubmit={submit} validateOnBlur={false}>
      {({ values, isSubmitting, resetForm }) => (
        <Dialog
          open={open}
          title={t('create.title')}
          onClose={() => {
            resetForm();
            onClose();
          }}
          footer={
            <button
              type="submit"
              form={formId}
              className="button button--primary"
              disabled={isSubmitting}
              aria-busy={isSubmitting}
            >
              {isSubmitting ? t('create.submitting') : t('create.submit')}
            </button>
          }
        >
          <FormikForm id={formId}>
            <FormAlert />
            <TextField name="name" label={t('create.name')} autoComplete="off" maxLength={100} />
            <SelectField
              name="type"
              label={t('create.type')}
              options={[
                { value: '', label: t('create.choose') },
                { value: 'public', label: t('create.public') },
                { value: 'private', label: t('create.private') },
                { value: 'protected', label: t('create.protected') },
              ]}
            />
            {values.type === 'protected' && (
              <TextField
                name="password"
                type="password"
                label={t('create.password')}
                autoComplete="new-password"
              />
            )}
          </FormikForm>
        </Dialog>
      )}
    </Formik>
  );
}
