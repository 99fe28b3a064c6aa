import { SEARCH_DEBOUNCE_MS } from '@carepoint/contract';
import { keepPreviousData, queryOptions, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { CircleCheck } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';
import { controlClass, describedBy, FieldShell, useFieldIds } from '@/components/ui/field';
import { api } from '@/lib/api-client';
import { cx } from '@/lib/cx';
import { useDebouncedValue } from '@/lib/use-debounced-value';

/** A patient as a form holds it: the name shown, and the account when one was chosen. */
export type PatientChoice = { id: string | null; name: string };

/** A registered patient offered in the list. */
export type PatientOption = { id: string; fullName: string; email: string };

/**
 * The suggestions for a typed term, as query options from the feature's api.ts (the area's
 * own patient search endpoint), at most `limit` patients.
 */
export type PatientSearch<O extends PatientOption = PatientOption> = (
  term: string,
  limit: number,
) => UseQueryOptions<O[]>;

/**
 * A search over an area's patient search endpoint (`path?limit=&q=`, answering `{ data }`),
 * under `key` with the term and limit.
 */
export const patientSearchAt =
  <O extends PatientOption>(path: string, key: readonly string[]): PatientSearch<O> =>
  (term, limit) =>
    queryOptions<O[]>({
      queryKey: [...key, term, limit],
      queryFn: async ({ signal }) =>
        (await api.get<{ data: O[] }>(`${path}?limit=${limit}&q=${encodeURIComponent(term)}`, { signal }))
          .data,
      // The picker answers in its list ("No names found."): no toast while typing.
      meta: { errorMessage: false },
    });

type PatientPickerProps<O extends PatientOption> = {
  label: string;
  /** Where the suggestions come from. */
  search: PatientSearch<O>;
  value: PatientChoice;
  onChange: (value: PatientChoice) => void;
  /** The registered patient just chosen, as the search answered them (a form fills fields from it). */
  onPick?: (patient: O) => void;
  error?: string;
  hint?: string;
  /** Whether a typed name without a registered patient is a valid answer (walk-ins). */
  allowFreeText?: boolean;
};

const SUGGESTIONS = 8;

/**
 * The one suggestion whose name is exactly what was typed (any case), when the suggestions are
 * the whole answer (fewer than asked for): typing a full name then moving on links that patient.
 */
function uniqueExactMatch<O extends PatientOption>(options: O[], typed: string): O | undefined {
  if (options.length >= SUGGESTIONS) return undefined;
  const wanted = typed.trim().toLowerCase();
  const exact = options.filter((o) => o.fullName.trim().toLowerCase() === wanted);
  return exact.length === 1 ? exact[0] : undefined;
}

/**
 * A searchable patient field (ARIA combobox): typing searches registered patients on the
 * server; choosing one links the account. The spec's empty dropdown text is "No names found."
 */
export function PatientPicker<O extends PatientOption>({
  label,
  search: searchQuery,
  value,
  onChange,
  onPick,
  error,
  hint,
  allowFreeText = false,
}: PatientPickerProps<O>) {
  const ids = useFieldIds();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const term = useDebouncedValue(value.name.trim(), SEARCH_DEBOUNCE_MS);
  const search = useQuery({
    ...searchQuery(term, SUGGESTIONS),
    enabled: open && term.length > 0,
    // The last suggestions stay while the next ones load.
    placeholderData: keepPreviousData,
  });
  const options = term ? (search.data ?? []) : [];
  const showList = open && term.length > 0 && value.name.trim().length > 0 && !value.id;

  const choose = (index: number) => {
    const patient = options[index];
    if (!patient) return;
    onChange({ id: patient.id, name: patient.fullName });
    onPick?.(patient);
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!showList) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (options.length ? (i + step + options.length) % options.length : 0));
    } else if (event.key === 'Enter' && options[active]) {
      event.preventDefault();
      choose(active);
    }
  };

  const linked = value.id !== null;
  const help = linked
    ? 'Registered patient'
    : (hint ?? (allowFreeText ? undefined : 'Choose a registered patient'));

  return (
    <FieldShell ids={ids} label={label} error={error} hint={help}>
      <div className="relative">
        <input
          id={ids.id}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={listId}
          aria-activedescendant={showList && options[active] ? `${listId}-${active}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(ids, error, help)}
          className={controlClass(Boolean(error), cx('h-10', linked && 'pr-9'))}
          value={value.name}
          onChange={(event) => {
            onChange({ id: null, name: event.target.value });
            setActive(0);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => {
            setOpen(false);
            // Free text stays free text (a walk-in may share a registered patient's name).
            const exact =
              !allowFreeText && !value.id && term === value.name.trim()
                ? uniqueExactMatch(options, value.name)
                : undefined;
            if (exact) {
              onChange({ id: exact.id, name: exact.fullName });
              onPick?.(exact);
            }
          }}
          onKeyDown={onKeyDown}
        />
        {linked ? (
          <CircleCheck
            aria-hidden
            size={18}
            className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-success-700"
          />
        ) : null}
        {/*
         * The suggestions float over what follows: were they in the flow, closing them on blur
         * would move the button being clicked out from under the pointer (the click was lost).
         */}
        <div className="absolute top-full right-0 left-0 z-30 mt-1">
          <div
            id={listId}
            role="listbox"
            aria-label={`${label} suggestions`}
            hidden={!showList || options.length === 0}
            className="max-h-48 overflow-y-auto rounded-lg border border-border bg-surface py-1 text-sm shadow-md"
          >
            {options.map((patient, index) => (
              <div
                key={patient.id}
                tabIndex={-1}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                className={cx('cursor-pointer px-3 py-2', index === active && 'bg-primary-50')}
                // Chosen before the input's blur closes the list.
                onMouseDown={(event) => {
                  event.preventDefault();
                  choose(index);
                }}
                onMouseEnter={() => setActive(index)}
              >
                <span className="font-medium text-ink">{patient.fullName}</span>{' '}
                <span className="text-ink-muted">{patient.email}</span>
              </div>
            ))}
          </div>
          {showList && options.length === 0 ? (
            <p
              role="status"
              className="rounded-lg border border-border bg-surface px-3 py-2 text-sm text-ink-muted shadow-md"
            >
              {search.isFetching || term !== value.name.trim() ? 'Searching…' : 'No names found.'}
            </p>
          ) : null}
        </div>
      </div>
    </FieldShell>
  );
}
