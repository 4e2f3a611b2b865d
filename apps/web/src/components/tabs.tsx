import { useEffect, useId, useRef } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { focusRing } from './button-styles';
import { ScrollEdgeFades, useScrollEdges } from './scroll-edges';

export interface TabItem<K extends string> {
  key: K;
  label: string;
  icon?: ReactNode;
}

const LOOKS = {
  // A screen's sections: a line under the row, the chosen tab underlined.
  underline: {
    list: 'flex gap-1 overflow-x-auto border-b border-slate-200 dark:border-slate-800',
    tab: '-mb-px inline-flex shrink-0 items-center gap-2 rounded-t-lg border-b-2 px-4 py-2.5 whitespace-nowrap',
    chosen: 'border-sky-700 text-sky-800 dark:border-sky-400 dark:text-sky-200',
    other:
      'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white',
  },
  // Two or three ways to fill one form: equal segments on a tinted track.
  segmented: {
    list: 'grid auto-cols-fr grid-flow-col gap-1 rounded-lg bg-slate-100 p-1 dark:bg-slate-800',
    tab: 'inline-flex items-center justify-center gap-2 rounded-md px-3 py-1.5',
    chosen: 'bg-white text-slate-900 shadow-sm dark:bg-slate-950 dark:text-white',
    other: 'text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white',
  },
} as const;

/**
 * A row of tabs as the ARIA pattern has it: arrow keys, Home and End move between tabs and choose;
 * only the chosen one is in the tab order. An underlined row scrolls sideways on a narrow screen,
 * fading at an end while there is more that way, and the chosen tab is always brought into view. Pair it with a `TabPanel` of the same `idPrefix`
 * where the panel is laid out apart from the row; otherwise use `Tabs`.
 */
export function TabList<K extends string>({
  label,
  idPrefix,
  tabs,
  selected,
  onSelect,
  testId,
  look = 'underline',
}: {
  label: string;
  idPrefix: string;
  tabs: readonly TabItem<K>[];
  selected: K;
  onSelect: (key: K) => void;
  /** Names the tabs for tests: each tab is `<testId>-<key>`. */
  testId?: string;
  look?: keyof typeof LOOKS;
}) {
  const buttons = useRef(new Map<K, HTMLButtonElement>());
  const style = LOOKS[look];
  const { ref: scroller, edges } = useScrollEdges<HTMLDivElement>();

  useEffect(() => {
    buttons.current.get(selected)?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [selected]);

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const index = tabs.findIndex((tab) => tab.key === selected);
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: tabs.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = tabs[(target + tabs.length) % tabs.length]!;
    onSelect(next.key);
    buttons.current.get(next.key)?.focus();
  }

  return (
    <div className="relative mb-6">
      <div ref={scroller} role="tablist" aria-label={label} className={style.list}>
        {tabs.map((tab) => {
          const active = tab.key === selected;
          return (
            <button
              key={tab.key}
              ref={(element) => {
                if (element) buttons.current.set(tab.key, element);
                else buttons.current.delete(tab.key);
              }}
              type="button"
              role="tab"
              id={`${idPrefix}-tab-${tab.key}`}
              aria-selected={active}
              aria-controls={`${idPrefix}-panel`}
              tabIndex={active ? 0 : -1}
              data-testid={testId ? `${testId}-${tab.key}` : undefined}
              onClick={() => onSelect(tab.key)}
              onKeyDown={onKeyDown}
              className={`text-sm font-semibold ${style.tab} ${focusRing} ${active ? style.chosen : style.other}`}
            >
              {tab.icon}
              {tab.label}
            </button>
          );
        })}
      </div>
      <ScrollEdgeFades edges={edges} />
    </div>
  );
}

/** The chosen tab's panel, for a `TabList` of the same `idPrefix`. */
export function TabPanel({
  idPrefix,
  selected,
  className = '',
  children,
}: {
  idPrefix: string;
  selected: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      role="tabpanel"
      id={`${idPrefix}-panel`}
      aria-labelledby={`${idPrefix}-tab-${selected}`}
      tabIndex={0}
      // Outlined only for keyboard focus; an outline-none on :focus would also hide that one.
      className={`focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-sky-500 ${className}`}
    >
      {children}
    </div>
  );
}

/** A row of tabs over the chosen tab's panel (`children`). */
export function Tabs<K extends string>({
  children,
  testId,
  panelClassName,
  ...list
}: {
  label: string;
  tabs: readonly TabItem<K>[];
  selected: K;
  onSelect: (key: K) => void;
  /** The chosen tab's content. */
  children: ReactNode;
  /** Names the tabs for tests: each tab is `<testId>-<key>`. */
  testId?: string;
  look?: keyof typeof LOOKS;
  panelClassName?: string;
}) {
  const idPrefix = useId();
  return (
    <div data-testid={testId}>
      <TabList {...list} idPrefix={idPrefix} testId={testId} />
      <TabPanel idPrefix={idPrefix} selected={list.selected} className={panelClassName}>
        {children}
      </TabPanel>
    </div>
  );
}
