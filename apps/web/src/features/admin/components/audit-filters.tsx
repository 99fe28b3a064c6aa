import { AUDIT_EXPORT_MESSAGES } from '@carepoint/contract';
import { Download, X } from 'lucide-react';
import { useState } from 'react';
import { optionsOf } from '@/components/form/options';
import { type PatientChoice, PatientPicker } from '@/components/form/patient-picker';
import { Breakable } from '@/components/ui/breakable';
import { Button, buttonClass } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useAuditActions } from '@/features/admin/api/lists';
import { patientSearch } from '@/features/admin/api/patients';
import { useUrlFilter, useUrlFilters } from '@/lib/use-url-filters';

/** Local midnight of a YYYY-MM-DD day, `addDays` later, as an ISO instant. */
function dayStart(day: string, addDays = 0): string | undefined {
  const [y, m, d] = day.split('-').map(Number);
  if (!y || !m || !d) return undefined;
  return new Date(y, m - 1, d + addDays).toISOString();
}

/** The audit filters as the API takes them; the "to" day is included (the API's `to` is exclusive). */
export function useAuditFilters() {
  const [action] = useUrlFilter('action');
  const [actorId] = useUrlFilter('actorId');
  const [patientId] = useUrlFilter('patientId');
  const [from] = useUrlFilter('from');
  const [to] = useUrlFilter('to');
  return {
    action,
    actorId,
    patientId,
    from: from ? dayStart(from) : undefined,
    to: to ? dayStart(to, 1) : undefined,
  };
}

/** The action to show, chosen from the names the trail holds; one asked for in the URL stays a choice. */
function ActionFilter() {
  const [action, setAction] = useUrlFilter('action');
  const actions = useAuditActions();
  const names = actions.data?.actions ?? [];
  const choices = action && !names.includes(action) ? [action, ...names] : names;
  return (
    <Select
      label="Action"
      className="w-60"
      value={action}
      onChange={(event) => setAction(event.target.value)}
      placeholder="All actions"
      options={optionsOf(choices)}
      aria-busy={actions.isPending || undefined}
    />
  );
}

function PatientFilter() {
  const { get, set } = useUrlFilters();
  const [choice, setChoice] = useState<PatientChoice>({
    id: get('patientId') || null,
    name: get('patientName'),
  });
  return (
    <div className="w-64">
      <PatientPicker
        search={patientSearch}
        label="Patient"
        value={choice}
        onChange={(next) => {
          setChoice(next);
          // The list narrows once a patient is chosen, and widens again when the choice is edited.
          if (next.id) set({ patientId: next.id, patientName: next.name });
          else if (get('patientId')) set({ patientId: '', patientName: '' });
        }}
      />
    </div>
  );
}

function DateFilter({ name, label }: { name: 'from' | 'to'; label: string }) {
  const [value, setValue] = useUrlFilter(name);
  return (
    <Input
      label={label}
      type="date"
      className="w-40"
      value={value}
      onChange={(e) => setValue(e.target.value)}
    />
  );
}

/** Shown while the list is narrowed to one actor (chosen from a row). */
function ActorChip() {
  const { get, set } = useUrlFilters();
  const actorId = get('actorId');
  if (!actorId) return null;
  return (
    <div className="flex flex-col gap-1.5">
      <span className="text-sm font-medium text-ink-soft">Actor</span>
      <span className="inline-flex h-10 items-center gap-1 rounded-lg border border-border-strong bg-primary-50 pr-1 pl-3 text-sm">
        {get('actorEmail') || actorId}
        <Button
          variant="ghost"
          size="sm"
          className="h-7 px-2"
          onClick={() => set({ actorId: '', actorEmail: '' })}
        >
          <X aria-hidden size={14} />
          <span className="sr-only">Clear actor filter</span>
        </Button>
      </span>
    </div>
  );
}

/**
 * Export CSV of the rows the filters match, for an auditor: a plain download (the browser streams
 * the file to disk). The server wants a date range, so the button waits for From and To.
 */
function ExportCsv() {
  const { action, actorId, patientId, from, to } = useAuditFilters();
  if (!from || !to) {
    return (
      <div className="flex flex-col gap-1.5 self-end">
        <Button variant="secondary" size="sm" disabled aria-describedby="audit-export-hint">
          <Download aria-hidden size={16} /> Export CSV
        </Button>
        <span id="audit-export-hint" className="text-xs text-ink-muted">
          {AUDIT_EXPORT_MESSAGES.rangeRequired}
        </span>
      </div>
    );
  }
  const params = new URLSearchParams({ from, to });
  for (const [key, value] of Object.entries({ action, actorId, patientId }))
    if (value) params.set(key, value);
  return (
    <a
      href={`/api/admin/audit/export?${params.toString()}`}
      download
      className={`${buttonClass({ variant: 'secondary', size: 'sm' })} self-end`}
    >
      <Download aria-hidden size={16} /> Export CSV
    </a>
  );
}

/** Filters of the audit trail: action, actor, patient and a date range, all kept in the URL; and the export. */
export function AuditFilters() {
  return (
    <fieldset className="mb-4 flex flex-wrap items-start gap-4 rounded-lg border border-border bg-surface p-4">
      <legend className="sr-only">Filter the audit trail</legend>
      <ActionFilter />
      <ActorChip />
      <PatientFilter />
      <DateFilter name="from" label="From" />
      <DateFilter name="to" label="To" />
      <ExportCsv />
    </fieldset>
  );
}

/** A row's actor as a button that narrows the list to them. */
export function ActorFilterButton({ actorId, label }: { actorId: string; label: string }) {
  const { set } = useUrlFilters();
  return (
    <button
      type="button"
      className="text-left text-primary-800 hover:underline"
      title="Show only this actor's events"
      onClick={() => set({ actorId, actorEmail: label })}
    >
      <Breakable text={label} />
    </button>
  );
}
