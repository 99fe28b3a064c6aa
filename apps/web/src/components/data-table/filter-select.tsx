import { useUrlFilter } from '../../lib/use-url-filters';
import { optionsOf } from '../form/options';
import { Select } from '../ui/select';

type FilterSelectProps = { name: string; label: string; values: readonly string[]; allLabel: string };

/** A compact select in a table's toolbar that filters the list through the URL. */
export function FilterSelect({ name, label, values, allLabel }: FilterSelectProps) {
  const [value, setValue] = useUrlFilter(name);
  return (
    <Select
      label={label}
      hideLabel
      className="w-44"
      value={value}
      onChange={(event) => setValue(event.target.value)}
      placeholder={allLabel}
      options={optionsOf(values)}
    />
  );
}
