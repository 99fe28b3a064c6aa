import {
  type CodedDiagnosis,
  codedDiagnosisLabel,
  type DiagnosisCodePage,
  ICD10CM_NAME,
  SEARCH_DEBOUNCE_MS,
} from '@carepoint/contract';
import { keepPreviousData, queryOptions, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Combobox, ComboboxClear } from '@/components/ui/combobox';
import { FieldShell, useFieldIds } from '@/components/ui/field';
import { api } from '@/lib/api-client';
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
 * A searchable ICD-10-CM field (the shared Combobox, as the patient picker): typing a code ("E11.9",
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
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
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

  const hint = value
    ? `${ICD10CM_NAME}: the classification's title`
    : `Search ${ICD10CM_NAME} by code or words`;
  const failed = search.isError && settled;
  const status = failed
    ? 'The search failed. Try again.'
    : !settled
      ? 'Searching…'
      : total === 0
        ? 'No codes found.'
        : `${total} ${total === 1 ? 'code' : 'codes'} found${total > options.length ? `, first ${options.length} shown` : ''}.`;

  return (
    <FieldShell ids={ids} label={label} error={error} hint={hint}>
      <Combobox
        ids={ids}
        label={label}
        error={error}
        hint={hint}
        text={value ? codedDiagnosisLabel(value) : text}
        onTextChange={setText}
        onOpenChange={setOpen}
        listShown={showList}
        options={options}
        optionKey={(option) => option.code}
        renderOption={(option) => (
          <>
            <span className="w-20 shrink-0 font-mono font-medium text-ink">{option.code}</span>
            <span className="text-ink-soft">{option.title}</span>
          </>
        )}
        onChoose={(option) => {
          onChange({ code: option.code, title: option.title });
          setText('');
        }}
        emptyText={status}
        announcement={status}
        listClassName="max-h-64"
        optionClassName="flex gap-3"
        inputClassName={value ? 'pr-10 font-medium' : undefined}
        readOnly={value !== null}
        placeholder={value ? undefined : 'E11.9 or "type 2 diabetes"'}
        spellCheck={false}
      >
        {value ? (
          <ComboboxClear
            label={label}
            onClear={() => {
              onChange(null);
              setText('');
            }}
          />
        ) : null}
      </Combobox>
    </FieldShell>
  );
}
