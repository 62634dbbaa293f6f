import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import './tabs.css';

interface TabItem<K extends string> {
  key: K;
  label: string;
}

interface TabsProps<K extends string> {
  label: string;
  items: TabItem<K>[];
  value: K;
  onChange: (key: K) => void;
  children: ReactNode;
}

/**
 * WAI-ARIA tabs: arrow keys move between tabs, only the selected tab is in the tab order.
 * The strip scrolls sideways on a phone instead of wrapping into a second row.
 */
export function Tabs<K extends string>({ label, items, value, onChange, children }: TabsProps<K>) {
  const baseId = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent) => {
    const index = items.findIndex((item) => item.key === value);
    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    let next = step === undefined ? -1 : (index + step + items.length) % items.length;
    if (event.key === 'Home') next = 0;
    if (event.key === 'End') next = items.length - 1;
    if (next < 0) return;
    event.preventDefault();
    onChange(items[next].key);
    refs.current[next]?.focus();
  };

  return (
    <div className="tabs">
      <div className="tabs__list" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {items.map((item, index) => (
          <button
            key={item.key}
            ref={(element) => {
              refs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${item.key}`}
            aria-selected={item.key === value}
            aria-controls={`${baseId}-panel`}
            tabIndex={item.key === value ? 0 : -1}
            className="tabs__tab"
            onClick={() => onChange(item.key)}
          >
            {item.label}
          </button>
        ))}
      </div>
      <div
        className="tabs__panel"
        role="tabpanel"
        id={`${baseId}-panel`}
        aria-labelledby={`${baseId}-tab-${value}`}
        tabIndex={-1}
      >
        {children}
      </div>
    </div>
  );
}
