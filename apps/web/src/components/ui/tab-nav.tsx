import { NavLink } from 'react-router';
import { cx } from '@/lib/cx';

/** One tab: its label, and its path below the layout's base ('' for the index tab). */
export interface Tab {
  label: string;
  to: string;
}

/**
 * The tabs of a layout page (a stay, a patient's account): links under `base`, the current one
 * underlined, scrolling sideways on a phone rather than wrapping.
 */
export function TabNav({ label, base, tabs }: { label: string; base: string; tabs: readonly Tab[] }) {
  return (
    <nav aria-label={label} className="-mx-1 overflow-x-auto">
      <ul className="flex min-w-max gap-1 border-b border-border px-1">
        {tabs.map((tab) => (
          <li key={tab.label}>
            <NavLink
              to={tab.to ? `${base}/${tab.to}` : base}
              end
              className={({ isActive }) =>
                cx(
                  '-mb-px inline-block border-b-2 px-3 py-2 text-sm font-medium',
                  isActive
                    ? 'border-primary-700 text-primary-800'
                    : 'border-transparent text-ink-muted hover:text-ink',
                )
              }
            >
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
