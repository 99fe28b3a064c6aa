import {
  currentEtaMinutes,
  type Department,
  EMPTY_TABLE,
  type QueueBoard,
  type QueueEntry,
  queueEtas,
} from '@carepoint/contract';
import { Check, PhoneCall, X } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Badge, StatusBadge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useCallNext, useMarkSeen, useRemoveQueueEntry } from '@/features/admin/api/queues';
import { formatTime } from '@/lib/format';
import { useMinuteClock } from '@/lib/use-minute-clock';

type DepartmentQueue = QueueBoard['departments'][number];

/**
 * The queue's ETAs now, from what the server stored: each falls one minute every 60 s and stops
 * at 0, and is never below the ETA of the patient ahead (queueEtas, as the server answers them).
 */
function useLiveEtas(entries: readonly QueueEntry[]) {
  const counting = entries.filter((e) => currentEtaMinutes(e.etaSetMinutes, e.etaSetAt, new Date()) > 0);
  const now = useMinuteClock(counting.length ? counting.map((e) => e.etaSetAt) : null);
  return queueEtas(entries, now);
}

function CallNextButton({ department, waiting }: { department: Department; waiting: number }) {
  const callNext = useCallNext();
  const call = async () => {
    try {
      const called = await callNext.mutateAsync(department);
      toast.success(`Called ${called.patient} (${department})`);
    } catch {
      // The failure's toast comes from the mutation (its meta.errorMessage).
    }
  };
  return (
    <Button size="sm" onClick={() => void call()} loading={callNext.isPending} disabled={waiting === 0}>
      <PhoneCall aria-hidden size={14} /> Call next<span className="sr-only"> in {department}</span>
    </Button>
  );
}

function RemoveEntry({ entry }: { entry: QueueEntry }) {
  const remove = useRemoveQueueEntry();
  const [open, setOpen] = useState(false);
  const confirm = async () => {
    try {
      await remove.mutateAsync(entry.id);
      toast.success(`${entry.patient} removed from the ${entry.department} queue`);
      setOpen(false);
    } catch {
      // The failure's toast comes from the mutation (its meta.errorMessage).
    }
  };
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)} title={`Remove ${entry.patient}`}>
        <X aria-hidden size={14} />
        <span className="sr-only">Remove {entry.patient}</span>
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Remove from queue?"
        description={`${entry.patient} leaves the ${entry.department} queue without being called.`}
        confirmLabel="Remove"
        loading={remove.isPending}
        onConfirm={() => void confirm()}
      />
    </>
  );
}

/** A patient called in and not yet seen: who, when and by whom, and Mark seen. */
function CalledPatient({ entry }: { entry: QueueEntry }) {
  const markSeen = useMarkSeen();
  const seen = async () => {
    try {
      await markSeen.mutateAsync(entry.id);
      toast.success(`${entry.patient} seen (${entry.department})`);
    } catch {
      // The failure's toast comes from the mutation (its meta.errorMessage).
    }
  };
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
      <span className="min-w-0">
        <span className="block font-medium text-ink">Called: {entry.patient}</span>
        <span className="block text-xs text-ink-muted">
          {entry.calledAt ? `at ${formatTime(entry.calledAt)}` : null}
          {entry.calledBy ? ` by ${entry.calledBy}` : null}
        </span>
      </span>
      <Button variant="secondary" size="sm" onClick={() => void seen()} loading={markSeen.isPending}>
        <Check aria-hidden size={14} /> Mark seen<span className="sr-only"> {entry.patient}</span>
      </Button>
    </li>
  );
}

/** One department's queue: waiting count, who was called and not yet seen, the entries in queue order, Call next. */
export function QueueCard({ queue }: { queue: DepartmentQueue }) {
  const { department, waiting, entries, called } = queue;
  const more = waiting - entries.length;
  const etas = useLiveEtas(entries);
  return (
    <Card
      aria-label={`${department} queue`}
      title={
        <span className="flex items-center gap-2">
          {department} <Badge tone={waiting ? 'amber' : 'grey'}>{waiting} waiting</Badge>
        </span>
      }
      actions={<CallNextButton department={department} waiting={waiting} />}
      flush
    >
      {called.length > 0 ? (
        <ul aria-label={`Called in ${department}`} className="divide-y divide-border bg-primary-50">
          {called.map((entry) => (
            <CalledPatient key={entry.id} entry={entry} />
          ))}
        </ul>
      ) : null}
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{department} queue, in order</caption>
        <thead className="bg-muted text-xs font-semibold tracking-wide text-ink-soft uppercase">
          <tr>
            <th scope="col" className="h-9 w-10 px-3">
              #
            </th>
            <th scope="col" className="px-3">
              Patient
            </th>
            <th scope="col" className="px-3">
              Triage
            </th>
            <th scope="col" className="px-3">
              <abbr title="Estimated minutes until called; never before the patient ahead">ETA</abbr>
            </th>
            <th scope="col" className="w-10 px-3">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.length === 0 ? (
            <tr>
              <td colSpan={5} className="px-3 py-6 text-center text-ink-muted">
                {EMPTY_TABLE}
              </td>
            </tr>
          ) : (
            entries.map((entry, index) => (
              <tr key={entry.id} className="h-10 border-t border-border">
                <td className="px-3 tabular-nums text-ink-muted">{index + 1}</td>
                <td className="px-3 font-medium text-ink">{entry.patient}</td>
                <td className="px-3">
                  <StatusBadge status={entry.triage} />
                </td>
                <td className="px-3 text-ink-soft">
                  <span className="whitespace-nowrap tabular-nums">{etas[index] ?? 0} min</span>
                </td>
                <td className="px-1 text-right">
                  <RemoveEntry entry={entry} />
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
      {more > 0 ? (
        <p className="border-t border-border px-3 py-2 text-xs text-ink-muted">and {more} more waiting</p>
      ) : null}
    </Card>
  );
}
