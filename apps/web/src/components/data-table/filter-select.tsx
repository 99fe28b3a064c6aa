import { optionsOf } from '@/components/form/options';
import { Select } from '@/components/ui/select';
import { useUrlFilter } from '@/lib/use-url-filters';

type FilterSelectProps = {
  name: string;
  label: string;
  values: readonly string[];
  allLabel: string;
  /** What each value shows, when not the value itself. */
  labels?: Readonly<Record<string, string>>;
};

/** A compact select in a table's toolbar that filters the list through the URL. */
export function FilterSelect({ name, label, values, allLabel, labels }: FilterSelectProps) {
  const [value, setValue] = useUrlFilter(name);
  return (
    <Select
      label={label}
      hideLabel
      className="w-44"
      value={value}
      onChange={(event) => setValue(event.target.value)}
      placeholder={allLabel}
      options={labels ? values.map((value) => ({ value, label: labels[value] ?? value })) : optionsOf(values)}
    />
  );
}
