import {
  type CountNoteForm,
  type CountPreview,
  type CountPreviewLine,
  countNoteFormSchema,
  formatNaira,
  STOCK_COUNT_MESSAGES as M,
} from '@carepoint/contract';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { ApiRequestError } from '@/lib/api-client';
import { cx } from '@/lib/cx';
import { formatCalendarDate } from '@/lib/format';
import { useContractForm } from '@/lib/use-contract-form';
import { usePostCount } from '../api/counts';
import { postOf } from './count-entries';
import { signed } from './quantities';

/** Found more is green, missing is red, agreeing is plain: the eye goes to what differs. */
const toneOf = (n: number) =>
  cx('whitespace-nowrap', n > 0 && 'text-success-700', n < 0 && 'text-danger-700');

const columns: DataTableColumn<CountPreviewLine>[] = [
  {
    id: 'medicine',
    header: 'Medicine',
    enableHiding: false,
    cell: ({ row }) => (
      <span className="block min-w-44">
        <span className="block font-medium text-ink">{row.original.medicine}</span>
        <span className="block text-xs text-ink-muted">
          Batch <span className="font-mono">{row.original.batchNumber}</span> · expires{' '}
          {formatCalendarDate(row.original.expiryDate)}
        </span>
      </span>
    ),
  },
  { id: 'onRecord', header: 'On record', cell: ({ row }) => row.original.onRecord },
  { id: 'counted', header: 'Counted', cell: ({ row }) => row.original.counted },
  {
    id: 'variance',
    header: 'Variance',
    cell: ({ row }) => (
      <span className={cx('font-medium', toneOf(row.original.variance))}>
        {signed(row.original.variance)}
      </span>
    ),
  },
  {
    id: 'unitCost',
    header: 'Unit cost',
    cell: ({ row }) => <span className="whitespace-nowrap">{formatNaira(row.original.unitCost)}</span>,
  },
  {
    id: 'value',
    header: 'Value',
    cell: ({ row }) => (
      <span className={toneOf(row.original.varianceValue)}>{formatNaira(row.original.varianceValue)}</span>
    ),
  },
];

/** The totals in words: how many lines differ and what they are worth. */
function Totals({ preview }: { preview: CountPreview }) {
  const { totals } = preview;
  const items: Array<[string, string, number]> = [
    ['Lines that differ', `${totals.differing} of ${preview.lines.length}`, 0],
    ['Found beyond the record', formatNaira(totals.gainValue), totals.gainValue],
    ['Missing', formatNaira(totals.lossValue), -totals.lossValue],
    ['Net value', formatNaira(totals.netValue), totals.netValue],
  ];
  return (
    <dl className="mb-4 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
      {items.map(([label, value, tone]) => (
        <div key={label} className="rounded-md bg-muted px-3 py-2">
          <dt className="text-xs text-ink-muted">{label}</dt>
          <dd className={cx('font-semibold text-ink', toneOf(tone))}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * A count's preview: each line's quantity on record, counted, variance and its value, the totals,
 * and Post with an optional note. Posting sends the quantities on record shown here; if stock moved
 * since, the server refuses the whole count and the preview is dropped (`onStale`) to be made again.
 */
export function CountPreviewPanel({
  preview,
  onPosted,
  onStale,
}: {
  preview: CountPreview;
  onPosted: () => void;
  onStale: () => void;
}) {
  const post = usePostCount();
  const {
    register,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useContractForm({
    schema: countNoteFormSchema,
    defaultValues: { note: '' } satisfies CountNoteForm,
    fields: ['note'],
    send: ({ note }) => post.mutateAsync(postOf(preview, note)),
    success: M.posted,
    resetOnSave: true,
    onSaved: onPosted,
    onRefused: (err) => {
      if (err instanceof ApiRequestError && err.status === 409) onStale();
    },
  });
  return (
    <Card title={`Preview: ${preview.storeName}`} className="mt-6">
      <Totals preview={preview} />
      <DataTable
        label="Count preview"
        columns={columns}
        data={preview.lines}
        getRowId={(l) => l.batchId}
        emptyText="No counts entered."
      />
      <form onSubmit={onSubmit} noValidate className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        <Input
          label="Note (optional)"
          hint="Kept on each ledger row after “Stock count”."
          autoComplete="off"
          className="sm:flex-1"
          error={errors.note?.message}
          {...register('note')}
        />
        <Button type="submit" loading={isSubmitting} className="sm:mb-6">
          Post count
        </Button>
      </form>
    </Card>
  );
}
