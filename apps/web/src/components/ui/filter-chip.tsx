import { X } from 'lucide-react';

export type FilterChipProps = {
  /** What the filter is, e.g. "Patient". */
  name: string;
  /** Its value as people read it, e.g. "Grace Nwosu". */
  value: string;
  onRemove: () => void;
};

/** A filter set from elsewhere (a link), shown so it is seen and can be removed with one click. */
export function FilterChip({ name, value, onRemove }: FilterChipProps) {
  return (
    <span className="inline-flex h-9 items-center gap-1 rounded-full border border-primary-200 bg-primary-50 pr-1 pl-3 text-sm text-primary-800">
      <span>
        {name}: <span className="font-medium">{value}</span>
      </span>
      <button
        type="button"
        onClick={onRemove}
        aria-label={`Remove filter ${name}: ${value}`}
        title="Remove filter"
        className="rounded-full p-1 hover:bg-primary-100 focus-visible:outline-2 focus-visible:outline-primary-600"
      >
        <X aria-hidden size={14} />
      </button>
    </span>
  );
}
