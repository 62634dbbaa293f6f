import '../register-locales.ts';
import { Formik, type FormikHelpers } from 'formik';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '#components/dialog';
import { FormAlert, FormikForm, TextField } from '#components/form-field';
import type { Message } from '#shared/chat/entities';
import { POLL_MAX_OPTIONS } from '#shared/chat/rules';
import { CloseIcon, PlusIcon } from '../chat-icons.ts';
import { ChatError, type Target } from '../client/chat-client.ts';
import { useChatClient } from '../client/chat-context.tsx';
import { type PollDraft, pollDraftErrors } from './poll-data.ts';
import './extras.css';

export interface PollModalProps {
  target: Target;
  onClose: () => void;
  onCreated?: (message: Message) => void;
}

const EMPTY: PollDraft = { question: '', options: ['', ''] };

/**
 * Seed 001 §4 create poll: a question, two fixed options and extra ones that can be added
 * or removed; the create button is disabled and relabelled while creating. Blank fields
 * get the shared rule's messages; a failure shows the server's message, else a generic one.
 */
export function PollModal({ target, onClose, onCreated }: PollModalProps) {
  const { t } = useTranslation('chatExtras');
  const { t: tc } = useTranslation('common');
  const client = useChatClient();
  const formId = useId();

  const submit = async (values: PollDraft, helpers: FormikHelpers<PollDraft>) => {
    helpers.setStatus(undefined);
    try {
      if (!client) throw new ChatError('network', tc('error.network-live'));
      const message = await client.createPoll(
        target,
        values.question.trim(),
        values.options.map((o) => o.trim()),
      );
      onCreated?.(message);
      onClose();
    } catch (error) {
      console.error('[chat] create poll failed', error);
      const text =
        error instanceof ChatError && typeof error.message === 'string' ? error.message.trim() : '';
      helpers.setStatus({ formError: text || t('poll.error') });
    }
  };

  return (
    <Formik<PollDraft>
      initialValues={EMPTY}
      validate={(values) => pollDraftErrors(values, (key) => tc(key))}
      onSubmit={submit}
      validateOnBlur={false}
    >
      {({ values, isSubmitting, setFieldValue }) => (
        <Dialog
          open
          title={t('poll.title')}
          onClose={onClose}
          footer={
            <button
              type="submit"
              form={formId}
              className="button button--primary"
              disabled={isSubmitting}
              aria-busy={isSubmitting}
            >
              {isSubmitting ? t('poll.creating') : t('poll.create')}
            </button>
          }
        >
          <FormikForm id={formId} className="poll-modal">
            <FormAlert />
            <TextField name="question" label={t('poll.question')} autoComplete="off" maxLength={500} />
            {values.options.map((_, i) => (
              // Options have no id of their own; the index is their identity in the form.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <div key={i} className="poll-modal__option">
                <TextField
                  name={`options.${i}`}
                  label={t('poll.option', { n: i + 1 })}
                  autoComplete="off"
                  maxLength={200}
                />
                {i >= 2 && (
                  <button
                    type="button"
                    className="icon-button poll-modal__remove"
                    onClick={() =>
                      void setFieldValue(
                        'options',
                        values.options.filter((__, j) => j !== i),
                        false,
                      )
                    }
                  >
                    <CloseIcon size={24} />
                    <span className="visually-hidden">{t('poll.removeOption', { n: i + 1 })}</span>
                  </button>
                )}
              </div>
            ))}
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={() => void setFieldValue('options', [...values.options, ''], false)}
              disabled={values.options.length >= POLL_MAX_OPTIONS}
            >
              <PlusIcon size={24} /> {t('poll.addOption')}
            </button>
          </FormikForm>
        </Dialog>
      )}
    </Formik>
  );
}
