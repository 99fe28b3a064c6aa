import type { SelectOption } from '../ui/select';

/** Select options whose label is the value itself (statuses, departments, triage levels). */
export const optionsOf = (values: readonly string[]): SelectOption[] =>
  values.map((value) => ({ value, label: value }));
