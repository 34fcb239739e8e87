import { CheckOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import './choice-menu.css';

export type Choice<K extends string> = { key: K; label: ReactNode; icon?: ReactNode; lang?: string };

/**
 * A button that opens a short list of exclusive choices (language, theme), following the WAI-ARIA menu
 * button pattern. Hand-made rather than antd Dropdown or Popover: it sits on the sign-in page, where
 * every kilobyte is paid by every visitor.
 */
export function ChoiceMenu<K extends string>({
  choices,
  value,
  onChange,
  label,
  icon,
  text,
}: {
  choices: Choice<K>[];
  value: K;
  onChange: (key: K) => void;
  label: string;
  icon: ReactNode;
  text?: ReactNode;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement | null>(null);
  const trigger = useRef<HTMLButtonElement | null>(null);
  const items = useRef<(HTMLButtonElement | null)[]>([]);

  const focusItem = (index: number) => {
    const count = items.current.length;
    items.current[((index % count) + count) % count]?.focus();
  };
  const checkedIndex = Math.max(
    0,
    choices.findIndex((choice) => choice.key === value),
  );
  // The effect below runs only when the menu opens; reading the position through a ref keeps it so.
  const openAt = useRef(checkedIndex);
  openAt.current = checkedIndex;

  useEffect(() => {
    if (!isOpen) return;
    items.current[openAt.current]?.focus();
    const closeOnOutside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setIsOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutside);
    return () => document.removeEventListener('pointerdown', closeOnOutside);
  }, [isOpen]);

  function close(returnFocus: boolean) {
    setIsOpen(false);
    if (returnFocus) trigger.current?.focus();
  }

  function onMenuKeyDown(event: KeyboardEvent) {
    const index = items.current.indexOf(document.activeElement as HTMLButtonElement);
    if (event.key === 'ArrowDown') focusItem(index + 1);
    else if (event.key === 'ArrowUp') focusItem(index - 1);
    else if (event.key === 'Home') focusItem(0);
    else if (event.key === 'End') focusItem(-1);
    else if (event.key === 'Escape') close(true);
    else if (event.key === 'Tab') close(false);
    else return;
    if (event.key !== 'Tab') event.preventDefault();
  }

  function onTriggerKeyDown(event: KeyboardEvent) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setIsOpen(true);
    }
  }

  return (
    <div className="choice-menu" ref={root}>
      <Button
        ref={trigger}
        type="text"
        icon={icon}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={isOpen ? menuId : undefined}
        onClick={() => setIsOpen((open) => !open)}
        onKeyDown={onTriggerKeyDown}
      >
        {text}
      </Button>
      {isOpen && (
        <div
          id={menuId}
          className="choice-menu__panel"
          role="menu"
          aria-label={label}
          onKeyDown={onMenuKeyDown}
        >
          {choices.map((choice, index) => {
            const isChecked = choice.key === value;
            return (
              <button
                key={choice.key}
                ref={(node) => {
                  items.current[index] = node;
                }}
                type="button"
                role="menuitemradio"
                aria-checked={isChecked}
                tabIndex={-1}
                lang={choice.lang}
                className={`choice-menu__item${isChecked ? ' choice-menu__item--checked' : ''}`}
                onClick={() => {
                  onChange(choice.key);
                  close(true);
                }}
              >
                {choice.icon && (
                  <span className="choice-menu__icon" aria-hidden="true">
                    {choice.icon}
                  </span>
                )}
                <span className="choice-menu__label">{choice.label}</span>
                <CheckOutlined className="choice-menu__check" aria-hidden="true" />
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}
