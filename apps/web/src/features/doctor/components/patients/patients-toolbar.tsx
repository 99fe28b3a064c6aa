import { PATIENT_SCOPE_LABELS, PATIENT_SCOPES, type PatientScope } from '@carepoint/contract';
import { Download, Filter, X } from 'lucide-react';
import { useState } from 'react';
import { SearchBox } from '@/components/data-table';
import { Button, buttonClass } from '@/components/ui/button';
import { cx } from '@/lib/cx';
import { FilterDialog } from './filter-dialog';
import type { usePatientFilters } from './use-patient-filters';

type Filters = ReturnType<typeof usePatientFilters>;

/** My patients / All patients: two toggle buttons, the pressed one highlighted. */
function ScopeSwitch({ scope, onChange }: { scope: PatientScope; onChange: (scope: PatientScope) => void }) {
  return (
    <fieldset className="inline-flex rounded-lg border border-border-strong p-0.5">
      <legend className="sr-only">Show</legend>
      {PATIENT_SCOPES.map((value) => (
        <button
          key={value}
          type="button"
          aria-pressed={scope === value}
          onClick={() => onChange(value)}
          className={cx(
            'h-8 rounded-md px-3 text-sm font-medium whitespace-nowrap',
            scope === value ? 'bg-primary-700 text-white' : 'text-ink-soft hover:bg-muted',
          )}
        >
          {PATIENT_SCOPE_LABELS[value]}
        </button>
      ))}
    </fieldset>
  );
}

type ToolbarProps = {
  q: string;
  onSearch: (q: string) => void;
  filters: Filters;
  /** Where Download Report fetches the CSV of the list as filtered. */
  exportHref: string;
};

/** Search patients, the scope, Filter and Download Report, then the active filters as removable chips. */
export function PatientsToolbar({ q, onSearch, filters, exportHref }: ToolbarProps) {
  const [filterOpen, setFilterOpen] = useState(false);
  const active = filters.chips.length;
  return (
    <div className="flex flex-col gap-3 border-b border-border p-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <SearchBox value={q} onChange={onSearch} placeholder="Search patients" />
        <div className="flex flex-wrap items-center gap-2">
          <ScopeSwitch scope={filters.scope} onChange={filters.setScope} />
          <Button variant="secondary" size="sm" onClick={() => setFilterOpen(true)}>
            <Filter aria-hidden size={16} /> Filter
            {active > 0 ? (
              <span className="rounded-full bg-primary-700 px-1.5 text-xs text-white">
                {active}
                <span className="sr-only"> active</span>
              </span>
            ) : null}
          </Button>
          {/* A plain download: the browser streams the file to disk and shows its progress. */}
          <a href={exportHref} download className={buttonClass({ variant: 'secondary', size: 'sm' })}>
            <Download aria-hidden size={16} /> Download Report
          </a>
        </div>
      </div>
      {active > 0 ? (
        <ul className="flex flex-wrap items-center gap-2" aria-label="Active filters">
          {filters.chips.map((chip) => (
            <li key={chip.label}>
              <button
                type="button"
                onClick={() => filters.clear(chip.names)}
                className="inline-flex items-center gap-1 rounded-full bg-primary-50 py-1 pr-2 pl-3 text-sm text-primary-900 ring-1 ring-primary-700/20 hover:bg-primary-100"
                aria-label={`Remove filter: ${chip.label}`}
              >
                {chip.label}
                <X aria-hidden size={14} />
              </button>
            </li>
          ))}
          <li>
            <Button variant="ghost" size="sm" onClick={() => filters.clear()}>
              Clear filters
            </Button>
          </li>
        </ul>
      ) : null}
      <FilterDialog
        open={filterOpen}
        onOpenChange={setFilterOpen}
        values={filters.values}
        onApply={filters.apply}
      />
    </div>
  );
}
