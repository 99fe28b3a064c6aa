import { SOAP_LABELS, SOAP_PARTS, type WardNote } from '@carepoint/contract';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cx } from '@/lib/cx';
import { formatDateTime } from '@/lib/format';

/** "Nurse", "Doctor": how a note's author is introduced. */
const roleLabel = (role: string) => `${role.charAt(0).toUpperCase()}${role.slice(1)}`;

/** A note's content: the nurse's text, or the doctor's SOAP parts that were written. */
export function NoteBody({ note }: { note: WardNote }) {
  if (note.kind === 'Nursing')
    return <p className="whitespace-pre-wrap break-words text-sm text-ink">{note.text}</p>;
  return (
    <dl className="grid gap-2 text-sm sm:grid-cols-[8rem_minmax(0,1fr)] print:grid-cols-[7rem_minmax(0,1fr)]">
      {SOAP_PARTS.flatMap((part) => {
        const text = note[part];
        if (!text) return [];
        return [
          <dt key={`${part}-label`} className="font-medium text-ink-soft">
            {SOAP_LABELS[part]}
          </dt>,
          <dd key={part} className="whitespace-pre-wrap break-words text-ink">
            {text}
          </dd>,
        ];
      })}
    </dl>
  );
}

/** The kind (and a nursing note's category) as badges. */
export function NoteBadges({ note }: { note: WardNote }) {
  return (
    <span className="flex flex-wrap items-center gap-1.5">
      <Badge tone={note.kind === 'Nursing' ? 'blue' : 'primary'}>{note.kind}</Badge>
      {note.category && note.category !== 'General' ? <Badge tone="grey">{note.category}</Badge> : null}
      {note.correctsId ? <Badge tone="amber">Correction</Badge> : null}
      {note.correctedBy ? <Badge tone="grey">Corrected</Badge> : null}
    </span>
  );
}

/**
 * One note of the timeline. A corrected note still reads as written (a clinical record is never
 * rewritten), muted, with when it was corrected; its author may correct a note nobody corrected yet.
 */
export function NoteCard({
  note,
  onCorrect,
  extra,
}: {
  note: WardNote;
  onCorrect?: (() => void) | undefined;
  extra?: ReactNode;
}) {
  return (
    <article
      aria-label={`${note.kind} note by ${note.author.name}, ${formatDateTime(note.writtenAt)}`}
      className={cx(
        'flex flex-col gap-2 rounded-lg border border-border bg-surface p-4 break-inside-avoid',
        note.correctedBy && 'bg-muted/50',
      )}
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col gap-1">
          <NoteBadges note={note} />
          <p className="text-xs text-ink-muted">
            <span className="font-medium text-ink-soft">{note.author.name}</span> (
            {roleLabel(note.author.role)}) ·{' '}
            <time dateTime={note.writtenAt}>{formatDateTime(note.writtenAt)}</time> · {note.wardName}
          </p>
          {extra}
        </div>
        {onCorrect ? (
          <Button variant="ghost" size="sm" onClick={onCorrect} className="print:hidden">
            Correct
          </Button>
        ) : null}
      </header>
      <NoteBody note={note} />
      {note.correctedBy ? (
        <p className="text-xs text-warning-900">
          Corrected {formatDateTime(note.correctedBy.writtenAt)}: see the correction above.
        </p>
      ) : null}
    </article>
  );
}
