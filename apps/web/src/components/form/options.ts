import { GENDERS } from '@carepoint/contract';
import type { SelectOption } from '@/components/ui/select';
import { capitalised } from '@/lib/format';

/** Select options whose label is the value itself (statuses, departments, triage levels). */
export const optionsOf = (values: readonly string[]): SelectOption[] =>
  values.map((value) => ({ value, label: value }));

/** The genders (FHIR's administrative gender codes) as Male, Female, Other, Unknown. */
export const GENDER_OPTIONS: SelectOption[] = GENDERS.map((g) => ({ value: g, label: capitalised(g) }));
