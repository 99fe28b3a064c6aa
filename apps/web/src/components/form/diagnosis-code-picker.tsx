import {
  type CodedDiagnosis,
  codedDiagnosisLabel,
  type DiagnosisCodePage,
  ICD10CM_NAME,
  SEARCH_DEBOUNCE_MS,
} from '@carepoint/contract';
import { keepPreviousData, queryOptions, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';
import { controlClass, describedBy, FieldShell, useFieldIds } from '@/components/ui/field';
import { api } from '@/lib/api-client';
import { cx } from '@/lib/cx';
import { useDebouncedValue } from '@/lib/use-debounced-value';

/** The codes offered for a typed term, as query options (the feature's api.ts gives its key). */
export type DiagnosisCodeSearch = (term: string, limit: number) => UseQueryOptions<DiagnosisCodePage>;

/** The search over GET /api/diagnosis-codes (the client adds /api), cached under `key` with the term and limit. */
export const diagnosisCodeSearchAt =
  (key: readonly string[]): DiagnosisCodeSearch =>
  (term, limit) =>
    queryOptions<DiagnosisCodePage>({
      queryKey: [...key, term, limit],
      queryFn: ({ signal }) =>
        api.get<DiagnosisCodePage>(`/diagnosis-codes?limit=${limit}&q=${encodeURIComponent(term)}`, {
          signal,
        }),
      // The picker answers in its list ("No codes found."): no toast while typing.
      meta: { errorMessage: false },
    });

type DiagnosisCodePickerProps = {
  label: string;
  search: DiagnosisCodeSearch;
  /** The chosen code with its classification title, or null. */
  value: CodedDiagnosis | null;
  onChange: (value: CodedDiagnosis | null) => void;
  error?: string;
};

const SUGGESTIONS = 10;

/**
 * A searchable ICD-10-CM field (ARIA combobox, as the patient picker): typing a code ("E11.9",
 * "e119") or words of its title ("type 2 diabetes") lists matching codes, best first; arrows
 * and Enter (or a click) choose one, Escape closes the list. The count of matches is announced.
 * It yields the code and the classification's title; the doctor's own wording is a field of the
 * form beside it.
 */
export function DiagnosisCodePicker({
  label,
  search: searchQuery,
  value,
  onChange,
  error,
}: DiagnosisCodePickerProps) {
  const ids = useFieldIds();
  const listId = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const term = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const search = useQuery({
    ...searchQuery(term, SUGGESTIONS),
    enabled: open && term.length > 0 && !value,
    placeholderData: keepPreviousData,
  });
  const options = term ? (search.data?.data ?? []) : [];
  const total = search.data?.pagination.total ?? 0;
  const showList = open && !value && text.trim().length > 0;
  const settled = !search.isFetching && term === text.trim();

  const choose = (index: number) => {
    const option = options[index];
    if (!option) return;
    onChange({ code: option.code, title: option.title });
    setText('');
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      setOpen(false);
      return;
    }
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

  const hint = value
    ? `${ICD10CM_NAME}: the classification's title`
    : `Search ${ICD10CM_NAME} by code or words`;
  const failed = search.isError && settled;
  const announcement = !showList
    ? ''
    : failed
      ? 'The search failed. Try again.'
      : !settled
        ? 'Searching…'
        : total === 0
          ? 'No codes found.'
          : `${total} ${total === 1 ? 'code' : 'codes'} found${total > options.length ? `, first ${options.length} shown` : ''}.`;

  return (
    <FieldShell ids={ids} label={label} error={error} hint={hint}>
      <div className="relative">
        <input
          id={ids.id}
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={showList && options.length > 0}
          aria-controls={listId}
          aria-activedescendant={showList && options[active] ? `${listId}-${active}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(ids, error, hint)}
          readOnly={value !== null}
          placeholder={value ? undefined : 'E11.9 or "type 2 diabetes"'}
          className={controlClass(Boolean(error), cx('h-10', value && 'pr-10 font-medium'))}
          value={value ? codedDiagnosisLabel(value) : text}
          onChange={(event) => {
            setText(event.target.value);
            setActive(0);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
        {value ? (
          <button
            type="button"
            className="absolute top-1/2 right-2 -translate-y-1/2 rounded p-1 text-ink-muted hover:bg-primary-50 hover:text-ink"
            aria-label={`Clear ${label}`}
            onClick={() => {
              onChange(null);
              setText('');
            }}
          >
            <X aria-hidden size={16} />
          </button>
        ) : null}
        <p role="status" aria-live="polite" className="sr-only">
          {announcement}
        </p>
        {/* The suggestions float over what follows (as the patient picker's). */}
        <div className="absolute top-full right-0 left-0 z-30 mt-1">
          <div
            id={listId}
            role="listbox"
            aria-label={`${label} suggestions`}
            hidden={!showList || options.length === 0}
            className="max-h-64 overflow-y-auto rounded-lg border border-border bg-surface py-1 text-sm shadow-md"
          >
            {options.map((option, index) => (
              <div
                key={option.code}
                tabIndex={-1}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                className={cx('flex cursor-pointer gap-3 px-3 py-2', index === active && 'bg-primary-50')}
                onMouseDown={(event) => {
                  event.preventDefault();
                  choose(index);
                }}
                onMouseEnter={() => setActive(index)}
              >
                <span className="w-20 shrink-0 font-mono font-medium text-ink">{option.code}</span>
                <span className="text-ink-soft">{option.title}</span>
              </div>
            ))}
          </div>
          {showList && options.length === 0 ? (
            <p
              aria-hidden
              className="rounded-lg border border-border bg-surface px-3 py-2 text-sm text-ink-muted shadow-md"
            >
              {failed ? 'The search failed. Try again.' : settled ? 'No codes found.' : 'Searching…'}
            </p>
          ) : null}
        </div>
      </div>
    </FieldShell>
  );
}
