import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import './segmented-tabs.css';

export type SegmentedTab<K extends string> = { key: K; label: ReactNode; panel: ReactNode };

/**
 * A small tab switcher (WAI-ARIA tabs pattern: arrow keys, Home and End move between tabs). Lighter than
 * antd Tabs, which brings a dropdown and a menu for overflowing tabs the sign-in page never has.
 */
export function SegmentedTabs<K extends string>({
  tabs,
  active,
  onChange,
  label,
}: {
  tabs: SegmentedTab<K>[];
  active: K;
  onChange: (key: K) => void;
  label: string;
}) {
  const id = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const activeIndex = Math.max(
    0,
    tabs.findIndex((tab) => tab.key === active),
  );

  function onKeyDown(event: KeyboardEvent) {
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? activeIndex === last
          ? 0
          : activeIndex + 1
        : event.key === 'ArrowLeft'
          ? activeIndex === 0
            ? last
            : activeIndex - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : -1;
    const tab = tabs[next];
    if (!tab) return;
    event.preventDefault();
    onChange(tab.key);
    buttons.current[next]?.focus();
  }

  const current = tabs[activeIndex];
  return (
    <div className="segmented-tabs">
      {tabs.length > 1 && (
        <div className="segmented-tabs__list" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
          {tabs.map((tab, index) => {
            const selected = index === activeIndex;
            return (
              <button
                key={tab.key}
                ref={(node) => {
                  buttons.current[index] = node;
                }}
                type="button"
                role="tab"
                id={`${id}-tab-${tab.key}`}
                aria-selected={selected}
                aria-controls={`${id}-panel-${tab.key}`}
                tabIndex={selected ? 0 : -1}
                className={`segmented-tabs__tab${selected ? ' segmented-tabs__tab--active' : ''}`}
                onClick={() => onChange(tab.key)}
              >
                {tab.label}
              </button>
            );
          })}
        </div>
      )}
      {current &&
        (tabs.length > 1 ? (
          <div
            role="tabpanel"
            id={`${id}-panel-${current.key}`}
            aria-labelledby={`${id}-tab-${current.key}`}
            className="segmented-tabs__panel"
          >
            {current.panel}
          </div>
        ) : (
          <div className="segmented-tabs__panel">{current.panel}</div>
        ))}
    </div>
  );
}
