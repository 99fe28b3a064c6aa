import {
  COUNT_SHEET_SORTABLE,
  type CountPreview,
  type CountSheetRow,
  STOCK_COUNT_PAGE_SIZE,
} from '@carepoint/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { type DataTableColumn, ListTable, withSorting } from '@/components/data-table';
import { Button, buttonClass } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { PageHeader } from '@/components/ui/page-header';
import { Select } from '@/components/ui/select';
import { useUrlFilter } from '@/lib/use-url-filters';
import { countSheetQuery, usePreviewCount } from '../api/counts';
import { useStores } from '../api/stock';
import { type CountEntries, lineErrorsOf, linesOf, withEntry } from '../components/count-entries';
import { CountPreviewPanel } from '../components/count-preview';
import { BatchExpiry, BatchNumber } from '../components/stock-badges';

/**
 * Counting a store (docs/areas/pharmacy-stock.md): its batches by medicine, paged and searched on
 * the server, a Counted box each (blind: the record's quantity shows only in the preview). The
 * counts typed are kept across pages and searches; Preview shows each line's variance and its
 * value, Post writes them to the ledger. Typing again, or another store, drops the preview.
 */
export default function CountPage() {
  const stores = useStores();
  const countable = (stores.data ?? []).filter((s) => s.id !== null);
  const [chosen, setChosen] = useUrlFilter('store');
  const storeId = chosen || (countable.find((s) => s.kind === 'main')?.id ?? '');
  const [entries, setEntries] = useState<CountEntries>(new Map());
  const [errors, setErrors] = useState<ReadonlyMap<string, string>>(new Map());
  const [preview, setPreview] = useState<CountPreview | null>(null);
  const previewing = usePreviewCount();

  const startOver = () => {
    setEntries(new Map());
    setErrors(new Map());
    setPreview(null);
  };
  const type = (row: CountSheetRow, text: string) => {
    setEntries((current) => withEntry(current, row, text));
    setErrors((current) => {
      const next = new Map(current);
      next.delete(row.id);
      return next;
    });
    setPreview(null);
  };
  const showPreview = async () => {
    const checked = linesOf(entries);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    try {
      setPreview(await previewing.mutateAsync({ storeId, lines: checked.lines }));
      setErrors(new Map());
    } catch (err) {
      setErrors(lineErrorsOf(err, checked.lines));
    }
  };

  const columns: DataTableColumn<CountSheetRow>[] = withSorting(COUNT_SHEET_SORTABLE, [
    {
      id: 'name',
      header: 'Medicine',
      enableHiding: false,
      cell: ({ row }) => (
        <span className="block min-w-44">
          <span className="block font-medium text-ink">{row.original.medicine}</span>
          <span className="block text-xs text-ink-muted">per {row.original.dispensingUnit}</span>
        </span>
      ),
    },
    {
      id: 'batch',
      header: 'Batch',
      enableSorting: false,
      cell: ({ row }) => <BatchNumber batch={row.original} />,
    },
    {
      id: 'expiry',
      header: 'Expiry',
      cell: ({ row }) => <BatchExpiry batch={row.original} />,
    },
    {
      id: 'counted',
      header: 'Counted',
      enableSorting: false,
      enableHiding: false,
      cell: ({ row }) => (
        <Input
          label={`Counted, ${row.original.medicine} batch ${row.original.batchNumber}`}
          hideLabel
          inputMode="numeric"
          autoComplete="off"
          className="w-40"
          value={entries.get(row.original.id)?.text ?? ''}
          error={errors.get(row.original.id)}
          onChange={(event) => type(row.original, event.target.value)}
        />
      ),
    },
  ]);

  const refused = [...errors].flatMap(([batchId, message]) => {
    const entry = entries.get(batchId);
    return entry
      ? [{ batchId, text: `${entry.row.medicine}, batch ${entry.row.batchNumber}: ${message}` }]
      : [];
  });

  return (
    <>
      <PageHeader
        title="Count stock"
        description="Count what lies on a store's shelves, preview the variance against the record, then post it."
        actions={
          <Link to="/pharmacy/stock" className={buttonClass({ variant: 'secondary', size: 'sm' })}>
            Back to stock
          </Link>
        }
      />
      <Select
        label="Store"
        className="mb-4 sm:max-w-xs"
        options={countable.map((s) => ({ value: s.id ?? '', label: s.name }))}
        value={storeId}
        onChange={(event) => {
          startOver();
          setChosen(event.target.value);
        }}
      />
      {storeId ? (
        <ListTable
          query={countSheetQuery}
          label="Count sheet"
          columns={columns}
          filters={{ storeId }}
          defaultSort="name"
          defaultLimit={STOCK_COUNT_PAGE_SIZE}
          searchPlaceholder="Search medicines or batch numbers"
          emptyText="No batches in this store."
        />
      ) : null}
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-ink-muted" aria-live="polite">
          {entries.size === 0
            ? 'Type what you count in the Counted boxes: a blank box is not counted.'
            : `${entries.size} ${entries.size === 1 ? 'batch' : 'batches'} counted`}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={startOver} disabled={entries.size === 0}>
            Clear counts
          </Button>
          <Button
            onClick={() => void showPreview()}
            loading={previewing.isPending}
            disabled={entries.size === 0}
          >
            Preview
          </Button>
        </div>
      </div>
      {refused.length > 0 ? (
        <ul className="mt-3 rounded-md bg-danger-50 p-3 text-sm text-danger-800" role="alert">
          {refused.map((r) => (
            <li key={r.batchId}>{r.text}</li>
          ))}
        </ul>
      ) : null}
      {preview ? (
        <CountPreviewPanel preview={preview} onPosted={startOver} onStale={() => setPreview(null)} />
      ) : null}
    </>
  );
}
