import '../register-locales.ts';
import { useTranslation } from 'react-i18next';
import { AlertIcon, CheckIcon, ClockIcon, DoubleCheckIcon } from '../chat-icons.ts';
import { type ListMessage, receiptOf } from './list-state.ts';

/** The receipt of an own message (seed 001 §4), icon plus a text for screen readers and tests. */
export function ReceiptMark({ message }: { message: ListMessage }) {
  const { t } = useTranslation('chat');
  const receipt = receiptOf(message);
  const Icon = {
    error: AlertIcon,
    seen: DoubleCheckIcon,
    delivered: DoubleCheckIcon,
    sent: CheckIcon,
    sending: ClockIcon,
  }[receipt];
  return (
    <span
      className={`chat-receipt chat-receipt--${receipt}`}
      data-receipt={receipt}
      title={t(`receipt.${receipt}`)}
    >
      <Icon size={16} />
      <span className="visually-hidden">{t(`receipt.${receipt}`)}</span>
    </span>
  );
}
