// The row of tabs the staff screens switch views with (kitchen, runners, orders and menu,
// payments, printers, host console): one button per option, the chosen one marked for screen
// readers and styled active. 'segmented' is the compact look beside a page title.
import type { ReactNode } from 'react';

interface TabBarProps<T extends string> {
  options: readonly T[];
  value: T;
  onChange: (option: T) => void;
  /** What a tab shows: its label, with a count where the screen gives one. */
  labelOf: (option: T) => ReactNode;
  label?: string;
  variant?: 'tabs' | 'segmented';
  /** A test id per tab, when a test finds tabs by id. */
  testIdOf?: (option: T) => string;
}

export function TabBar<T extends string>({
  options,
  value,
  onChange,
  labelOf,
  label,
  variant = 'tabs',
  testIdOf,
}: TabBarProps<T>) {
  return (
    <div className={variant} role="tablist" aria-label={label}>
      {options.map((option) => (
        <button
          key={option}
          type="button"
          role="tab"
          aria-selected={value === option}
          className={value === option ? 'tab active' : 'tab'}
          onClick={() => onChange(option)}
          data-testid={testIdOf?.(option)}
        >
          {labelOf(option)}
        </button>
      ))}
    </div>
  );
}
