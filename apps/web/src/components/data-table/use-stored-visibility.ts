import type { OnChangeFn, VisibilityState } from '@tanstack/react-table';
import { useState } from 'react';

const COLUMNS_KEY = 'carepoint:columns:';

/** Hidden columns per table, remembered on this device (localStorage), else the table's initial ones. */
export function useStoredVisibility(key: string, initialHidden: readonly string[]) {
  const [visibility, setVisibility] = useState<VisibilityState>(() => {
    try {
      const stored = window.localStorage.getItem(COLUMNS_KEY + key);
      const parsed: unknown = stored ? JSON.parse(stored) : null;
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
        return Object.fromEntries(
          Object.entries(parsed).filter((entry): entry is [string, boolean] => typeof entry[1] === 'boolean'),
        );
      }
    } catch {
      // Unreadable: start from the defaults.
    }
    return Object.fromEntries(initialHidden.map((id) => [id, false]));
  });
  const update: OnChangeFn<VisibilityState> = (change) =>
    setVisibility((previous) => {
      const next = typeof change === 'function' ? change(previous) : change;
      try {
        window.localStorage.setItem(COLUMNS_KEY + key, JSON.stringify(next));
      } catch {
        // Not remembered; still applied.
      }
      return next;
    });
  return [visibility, update] as const;
}
