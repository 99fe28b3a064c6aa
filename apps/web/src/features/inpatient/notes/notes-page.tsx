import {
  type NoteStay,
  ROLE_AREAS,
  type Role,
  WARD_NOTE_KINDS,
  WARD_NOTE_MESSAGES,
  type WardNote,
  type WardNoteKind,
} from '@carepoint/contract';
import { ClipboardList, NotebookPen } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { StatusBadge } from '@/components/ui/badge';
import { Button, buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { cx } from '@/lib/cx';
import { formatDate } from '@/lib/format';
import { useLiveWards } from '../api';
import { useStayNotes } from './api';
import { NoteCard } from './note-card';
import { NursingNoteForm, WardRoundNoteForm } from './note-forms';

/** Where a role's handover of a ward is, inside its own area. */
const handoverPath = (role: Role, wardId: string) => `${ROLE_AREAS[role].path}/wards/${wardId}/handover`;

/** Which note a role writes: nurses nursing notes, doctors ward round notes, others read only. */
const WRITES: Partial<Record<Role, WardNoteKind>> = { nurse: 'Nursing', doctor: 'Ward round' };

const FILTERS: ReadonlyArray<{ label: string; kind: WardNoteKind | undefined }> = [
  { label: 'All notes', kind: undefined },
  ...WARD_NOTE_KINDS.map((kind) => ({ label: kind === 'Nursing' ? 'Nursing' : 'Ward round', kind })),
];

function StaySummary({ stay }: { stay: NoteStay }) {
  const place = [stay.wardName, stay.bedLabel].filter(Boolean).join(', ');
  return (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <StatusBadge status={stay.status} />
      <span>
        {place} · {stay.diagnosis} · Dr {stay.doctorName}
        {stay.admittedAt ? ` · admitted ${formatDate(stay.admittedAt)}` : ''}
      </span>
    </span>
  );
}

function KindFilter({
  value,
  onChange,
}: {
  value: WardNoteKind | undefined;
  onChange: (kind: WardNoteKind | undefined) => void;
}) {
  return (
    <fieldset className="flex flex-wrap gap-1">
      <legend className="sr-only">Show</legend>
      {FILTERS.map((filter) => (
        <button
          key={filter.label}
          type="button"
          aria-pressed={value === filter.kind}
          onClick={() => onChange(filter.kind)}
          className={cx(
            'h-8 rounded-full px-3 text-sm font-medium transition-colors',
            value === filter.kind ? 'bg-primary-700 text-white' : 'bg-muted text-ink-soft hover:bg-border',
          )}
        >
          {filter.label}
        </button>
      ))}
    </fieldset>
  );
}

function TimelineSkeleton() {
  return (
    <div role="status" aria-label="Loading notes" className="flex flex-col gap-3">
      <Skeleton className="h-24 w-full" />
      <Skeleton className="h-24 w-full" />
      <Skeleton className="h-24 w-full" />
    </div>
  );
}

/**
 * A stay's notes (route `notes` under a stay, e.g. /nurse/stays/:stayId/notes): the timeline,
 * newest first, and the note the signed-in role writes: a nursing note for nurses, a SOAP ward
 * round note for doctors, while the patient is admitted. Notes are never edited; their author
 * corrects one with a new note (the original stays, marked as corrected).
 */
export default function NotesPage() {
  const { stayId = '' } = useParams();
  const { user } = useAuth();
  const [kind, setKind] = useState<WardNoteKind | undefined>();
  const [correcting, setCorrecting] = useState<WardNote>();
  const formRef = useRef<HTMLDivElement>(null);
  const notes = useStayNotes(stayId, kind);
  // A note written on another screen (the wards' live topic) shows here at once.
  useLiveWards(user?.role ?? 'nurse');
  const stay = notes.data?.pages[0]?.stay;
  const all = notes.data?.pages.flatMap((page) => page.data) ?? [];
  const writes = user ? WRITES[user.role] : undefined;
  const open = stay?.status === 'Admitted';

  const correct = (note: WardNote) => {
    setCorrecting(note);
    formRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  };
  const form =
    writes === 'Nursing' ? (
      <NursingNoteForm
        key={correcting?.id ?? 'new'}
        stayId={stayId}
        correcting={correcting}
        onDone={() => setCorrecting(undefined)}
      />
    ) : writes === 'Ward round' ? (
      <WardRoundNoteForm
        key={correcting?.id ?? 'new'}
        stayId={stayId}
        correcting={correcting}
        onDone={() => setCorrecting(undefined)}
      />
    ) : null;

  if (notes.isError && !stay)
    return (
      <>
        <PageHeader title="Notes" />
        <ErrorState
          message={errorMessage(notes.error, WARD_NOTE_MESSAGES.loadFailed)}
          onRetry={() => void notes.refetch()}
          retrying={notes.isFetching}
        />
      </>
    );

  return (
    <>
      <PageHeader
        title={stay ? `Notes: ${stay.patientName}` : 'Notes'}
        description={stay ? <StaySummary stay={stay} /> : <Skeleton className="h-5 w-72" />}
        actions={
          stay && user ? (
            <Link
              to={handoverPath(user.role, stay.wardId)}
              className={buttonClass({ variant: 'secondary', size: 'sm' })}
            >
              <ClipboardList aria-hidden size={16} /> Ward handover
            </Link>
          ) : null
        }
      />
      <div className={cx('grid gap-6', form && 'lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]')}>
        {form ? (
          <div ref={formRef} className="scroll-mt-20 lg:sticky lg:top-20 lg:self-start">
            <Card
              title={
                correcting
                  ? 'Correct a note'
                  : writes === 'Nursing'
                    ? 'New nursing note'
                    : 'New ward round note'
              }
            >
              {!stay ? (
                <Skeleton className="h-48 w-full" />
              ) : open ? (
                form
              ) : (
                <p className="text-sm text-ink-muted">
                  This stay is {stay.status.toLowerCase()}: notes are written only while the patient is
                  admitted.
                </p>
              )}
            </Card>
          </div>
        ) : null}
        <Card title="Timeline" className="min-w-0">
          <div className="mb-3">
            <KindFilter value={kind} onChange={setKind} />
          </div>
          {!notes.data ? (
            <TimelineSkeleton />
          ) : all.length === 0 ? (
            <EmptyState
              icon={NotebookPen}
              title="No notes yet."
              description="Notes written on this stay appear here, newest first."
            />
          ) : (
            <ol aria-label="Notes" className="flex flex-col gap-3">
              {all.map((note) => (
                <li key={note.id}>
                  <NoteCard
                    note={note}
                    onCorrect={
                      open && note.author.id === user?.id && !note.correctedBy
                        ? () => correct(note)
                        : undefined
                    }
                  />
                </li>
              ))}
            </ol>
          )}
          {notes.hasNextPage ? (
            <div className="mt-4 flex justify-center">
              <Button
                variant="secondary"
                size="sm"
                loading={notes.isFetchingNextPage}
                onClick={() => void notes.fetchNextPage()}
              >
                Show older notes
              </Button>
            </div>
          ) : null}
          {notes.isError && stay ? (
            <p role="alert" className="mt-3 text-sm text-danger-700">
              {errorMessage(notes.error, WARD_NOTE_MESSAGES.loadFailed)}
            </p>
          ) : null}
        </Card>
      </div>
    </>
  );
}
