/**
 * Says a draft was brought back and offers to throw it away (the entry forms: water,
 * sampling, the record screens). The words are the caller's, in its own namespace.
 */
export function DraftBanner({
  message,
  discardLabel,
  onDiscard,
  className,
}: {
  message: string;
  discardLabel: string;
  onDiscard: () => void;
  className?: string;
}) {
  return (
    <div className={className ? `notice row ${className}` : 'notice row'} role="status">
      <span>{message}</span>
      <button type="button" className="button button--ghost button--small" onClick={onDiscard}>
        {discardLabel}
      </button>
    </div>
  );
}
