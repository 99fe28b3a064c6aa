import { useState } from 'react';

/**
 * The row an edit dialog is open for (null when closed): `edit(row)` opens it (e.g. from a
 * table's Edit button) and `dialogProps` are the dialog's open state.
 */
export function useRowDialog<T>() {
  const [row, setRow] = useState<T | null>(null);
  return {
    row,
    edit: setRow,
    dialogProps: { open: row !== null, onOpenChange: (open: boolean) => !open && setRow(null) },
  };
}
