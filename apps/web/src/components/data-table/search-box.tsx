import { SEARCH_DEBOUNCE_MS } from '@carepoint/contract';
import { Search } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useDebouncedValue } from '@/lib/use-debounced-value';

/** The debounced search box of list toolbars (SEARCH_DEBOUNCE_MS after typing stops). */
export function SearchBox({
  value,
  onChange,
  placeholder,
}: {
  value: string;
  onChange: (q: string) => void;
  placeholder: string;
}) {
  const id = useId();
  const [text, setText] = useState(value);
  const debounced = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const lastSent = useRef(value);

  useEffect(() => {
    if (debounced !== lastSent.current) {
      lastSent.current = debounced;
      onChange(debounced);
    }
  }, [debounced, onChange]);

  // The value changed from outside (back button, Reset): show it.
  useEffect(() => {
    if (value !== lastSent.current) {
      lastSent.current = value;
      setText(value);
    }
  }, [value]);

  return (
    <div className="relative w-full max-w-xs">
      <label htmlFor={id} className="sr-only">
        {placeholder}
      </label>
      <Search
        aria-hidden
        size={16}
        className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-ink-muted"
      />
      <input
        id={id}
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={placeholder}
        className="h-9 w-full rounded-lg border border-border-strong bg-surface pr-3 pl-9 text-sm placeholder:text-ink-muted focus:outline-2 focus:outline-primary-600"
      />
    </div>
  );
}
