import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '../../../lib/cn';

export interface AdminTab<T extends string> {
  id: T;
  label: string;
  icon: ReactNode;
}

/**
 * The panel's sections as WAI-ARIA tabs: one tab stop, arrows (and Home/End) move between them.
 * On a phone the row scrolls sideways rather than wrapping.
 */
export function AdminTabs<T extends string>({ tabs, current, onChange }: { tabs: readonly AdminTab<T>[]; current: T; onChange: (id: T) => void }) {
  const refs = useRef(new Map<T, HTMLButtonElement>());
  const move = (e: KeyboardEvent, index: number) => {
    const last = tabs.length - 1;
    const to = e.key === 'ArrowRight' ? (index === last ? 0 : index + 1) : e.key === 'ArrowLeft' ? (index === 0 ? last : index - 1) : e.key === 'Home' ? 0 : e.key === 'End' ? last : null;
    if (to === null) return;
    e.preventDefault();
    const next = tabs[to];
    if (!next) return;
    onChange(next.id);
    refs.current.get(next.id)?.focus();
  };
  return (
    <div role="tablist" aria-label="Admin sections" className="-mx-4 flex gap-1 overflow-x-auto border-b border-slate-200 px-4 sm:mx-0 sm:px-0">
      {tabs.map((tab, index) => {
        const selected = tab.id === current;
        return (
          <button
            key={tab.id}
            ref={(el) => {
              if (el) refs.current.set(tab.id, el);
              else refs.current.delete(tab.id);
            }}
            type="button"
            role="tab"
            id={`admin-tab-${tab.id}`}
            aria-selected={selected}
            aria-controls={`admin-panel-${tab.id}`}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(tab.id)}
            onKeyDown={(e) => move(e, index)}
            className={cn(
              'inline-flex h-11 shrink-0 items-center gap-2 border-b-2 px-3 text-sm font-medium whitespace-nowrap transition-colors focus-visible:outline-3 focus-visible:outline-offset-[-3px] focus-visible:outline-blue-900',
              selected ? 'border-blue-600 text-blue-800' : 'border-transparent text-slate-600 hover:text-slate-900',
            )}
          >
            {tab.icon}
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}

/** The content of one tab, labelled by it. */
export function AdminTabPanel({ id, children }: { id: string; children: ReactNode }) {
  return (
    <div role="tabpanel" id={`admin-panel-${id}`} aria-labelledby={`admin-tab-${id}`} tabIndex={0} className="focus-visible:outline-3 focus-visible:outline-blue-900">
      {children}
    </div>
  );
}
