import { OBSERVATION_MESSAGES, type ObservationSet } from '@carepoint/contract';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import type { TrendPoint } from '@/components/graphs/graph-types';
import { LazyTrendGraph } from '@/components/graphs/trend-graph';
import { Card } from '@/components/ui/card';
import { formatDateTime } from '@/lib/format';
import { useStayObservations } from './api';
import { News2Badge } from './news2-badge';

const spo2Of = (s: ObservationSet) =>
  `${s.oxygenSaturation}% (scale ${s.spo2Scale}, ${s.airOrOxygen === 'Oxygen' ? 'on oxygen' : 'air'})`;

const columns: DataTableColumn<ObservationSet>[] = [
  {
    id: 'takenAt',
    header: 'Taken',
    enableHiding: false,
    cell: ({ row }) => (
      <span className="whitespace-nowrap tabular-nums">{formatDateTime(row.original.takenAt)}</span>
    ),
  },
  {
    id: 'news2',
    header: 'NEWS2',
    enableHiding: false,
    cell: ({ row: { original: s } }) => <News2Badge score={s.score} risk={s.risk} />,
  },
  { id: 'rr', header: 'Resp. rate', cell: ({ row }) => `${row.original.respiratoryRate}/min` },
  { id: 'spo2', header: 'SpO2', cell: ({ row }) => spo2Of(row.original) },
  { id: 'bp', header: 'Systolic BP', cell: ({ row }) => `${row.original.systolic}\u00a0mmHg` },
  { id: 'pulse', header: 'Pulse', cell: ({ row }) => `${row.original.pulse}/min` },
  { id: 'acvpu', header: 'ACVPU', cell: ({ row }) => row.original.consciousness },
  { id: 'temp', header: 'Temp.', cell: ({ row }) => `${row.original.temperature.toFixed(1)}\u00a0°C` },
  { id: 'by', header: 'Recorded by', cell: ({ row }) => row.original.recordedBy?.name ?? '' },
];

/** The NEWS2 of the sets shown, oldest first, the low band (0–4) shaded. */
function News2Trend({ sets }: { sets: readonly ObservationSet[] }) {
  if (sets.length < 2) return null;
  const points: TrendPoint[] = [...sets]
    .reverse()
    .map((s) => ({ at: Date.parse(s.takenAt), score: s.score }));
  const newest = sets[0];
  return (
    <figure className="m-0 flex flex-col gap-1">
      <figcaption className="text-xs text-ink-muted">
        NEWS2 over these {sets.length} sets
        <span className="sr-only">
          {`: from ${sets.at(-1)?.score} to ${newest?.score}, the newest ${newest?.risk} risk`}
        </span>
      </figcaption>
      <LazyTrendGraph
        points={points}
        series={[{ key: 'score', name: 'NEWS2' }]}
        bands={[{ low: 0, high: 4 }]}
        unit="points"
      />
    </figure>
  );
}

/** A stay's observation sets, newest first, paged by the server, with their NEWS2 trend. */
export function ObservationList({ stayId }: { stayId: string }) {
  const [page, setPage] = useState(1);
  const sets = useStayObservations(stayId, page);
  const data = sets.data?.data ?? [];
  return (
    <Card title="Previous observations">
      <div className="flex flex-col gap-4">
        <News2Trend sets={data} />
        <DataTable
          label="Observation sets"
          columns={columns}
          data={data}
          getRowId={(s) => s.id}
          {...(sets.data ? { pagination: sets.data.pagination } : {})}
          onPageChange={setPage}
          isLoading={sets.isPending}
          error={sets.isError ? OBSERVATION_MESSAGES.loadFailed : null}
          onRetry={() => void sets.refetch()}
          emptyText={OBSERVATION_MESSAGES.empty}
          skeletonRows={4}
          initialHidden={['by']}
        />
      </div>
    </Card>
  );
}
