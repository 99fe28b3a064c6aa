import { NavLink } from 'react-router';
import { cx } from '@/lib/cx';

const TABS = [
  { to: '/doctor/diagnosis-category', label: 'Diagnosis Category' },
  { to: '/doctor/diagnosis', label: 'Diagnosis Test' },
] as const;

/** The Diagnosis screen's two tabs (docs/areas/diagnosis.md), as links: each tab is its own route. */
export function DiagnosisTabs() {
  return (
    <nav aria-label="Diagnosis" className="mb-4 overflow-x-auto border-b border-border">
      <ul className="flex gap-1">
        {TABS.map((tab) => (
          <li key={tab.to}>
            <NavLink
              to={tab.to}
              end
              className={({ isActive }) =>
                cx(
                  '-mb-px inline-flex h-10 items-center whitespace-nowrap border-b-2 px-4 text-sm font-medium',
                  isActive
                    ? 'border-primary-700 text-primary-800'
                    : 'border-transparent text-ink-muted hover:border-border-strong hover:text-ink',
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
