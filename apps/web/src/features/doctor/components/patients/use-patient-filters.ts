import {
  BLOOD_GROUPS,
  type BloodGroup,
  LAST_VISIT_FILTERS,
  LAST_VISIT_LABELS,
  type LastVisitFilter,
  type PatientScope,
} from '@carepoint/contract';
import { useCallback, useMemo } from 'react';
import { useUrlFilters } from '@/lib/use-url-filters';

/** The Filter's choices as kept in the URL (empty text: any). */
export type FilterValues = {
  bloodGroup: string;
  ageMin: string;
  ageMax: string;
  lastVisit: string;
};

const FILTER_NAMES = ['bloodGroup', 'ageMin', 'ageMax', 'lastVisit'] as const;
const EMPTY: FilterValues = { bloodGroup: '', ageMin: '', ageMax: '', lastVisit: '' };

const isBloodGroup = (v: string): v is BloodGroup => (BLOOD_GROUPS as readonly string[]).includes(v);
const isLastVisit = (v: string): v is LastVisitFilter =>
  (LAST_VISIT_FILTERS as readonly string[]).includes(v);

/** Each active filter as a short label for its chip ("Blood group O+", "Age 30–40"). */
function filterChips(values: FilterValues): Array<{ names: Array<keyof FilterValues>; label: string }> {
  const chips: Array<{ names: Array<keyof FilterValues>; label: string }> = [];
  if (isBloodGroup(values.bloodGroup))
    chips.push({ names: ['bloodGroup'], label: `Blood group ${values.bloodGroup}` });
  if (values.ageMin || values.ageMax) {
    const label = !values.ageMax
      ? `Age ${values.ageMin} or more`
      : !values.ageMin
        ? `Age ${values.ageMax} or less`
        : `Age ${values.ageMin}–${values.ageMax}`;
    chips.push({ names: ['ageMin', 'ageMax'], label });
  }
  if (isLastVisit(values.lastVisit))
    chips.push({
      names: ['lastVisit'],
      label: `Last visit: ${LAST_VISIT_LABELS[values.lastVisit].toLowerCase()}`,
    });
  return chips;
}

/**
 * The list's scope and Filter, kept in the URL (?scope=all&bloodGroup=O%2B&ageMin=30...): a
 * reload or a shared link shows the same list. Changing any of them returns to page 1.
 */
export function usePatientFilters() {
  const { get, set } = useUrlFilters();
  const scope: PatientScope = get('scope') === 'all' ? 'all' : 'mine';
  const values = useMemo<FilterValues>(
    () => ({
      bloodGroup: get('bloodGroup'),
      ageMin: get('ageMin'),
      ageMax: get('ageMax'),
      lastVisit: get('lastVisit'),
    }),
    [get],
  );
  const setScope = useCallback((next: PatientScope) => set({ scope: next === 'all' ? 'all' : '' }), [set]);
  const apply = useCallback((next: FilterValues) => set(next), [set]);
  const clear = useCallback(
    (names: readonly (keyof FilterValues)[] = FILTER_NAMES) => {
      set(Object.fromEntries(names.map((n) => [n, EMPTY[n]])));
    },
    [set],
  );
  /** `scope=..&bloodGroup=..` for the list and the export (without paging). */
  const params = useMemo(() => {
    const qs = new URLSearchParams();
    if (scope === 'all') qs.set('scope', 'all');
    for (const name of FILTER_NAMES) if (values[name]) qs.set(name, values[name]);
    return qs;
  }, [scope, values]);
  return { scope, setScope, values, apply, clear, params, chips: filterChips(values) };
}
