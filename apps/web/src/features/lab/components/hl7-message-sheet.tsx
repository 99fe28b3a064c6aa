import { useState } from 'react';
import { StatusBadge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Sheet } from '@/components/ui/sheet';
import { useHl7Message } from '@/features/lab/api/hl7-inbox';
import { DiscardDialog, MatchDialog } from '@/features/lab/components/hl7-dialogs';
import { formatDateTime } from '@/lib/format';

/** One message: why it waits, its segments field by field, and Match / Reject while it waits. */
export function Hl7MessageSheet({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { data: message, isPending } = useHl7Message(id);
  const [dialog, setDialog] = useState<'match' | 'reject' | null>(null);
  const waiting = message?.state === 'Unmatched' || message?.state === 'Rejected';
  return (
    <Sheet
      open={id !== null}
      onOpenChange={(open) => !open && onClose()}
      title={message ? `Message ${message.controlId ?? '(no control id)'}` : 'Message'}
      description={message ? `${message.sendingApplication} · ${message.sendingFacility}` : undefined}
      size="lg"
      footer={
        waiting && message ? (
          <>
            <Button variant="secondary" onClick={() => setDialog('reject')}>
              Reject
            </Button>
            <Button onClick={() => setDialog('match')}>Match</Button>
          </>
        ) : undefined
      }
    >
      {isPending || !message ? (
        <p className="text-ink-muted">Loading...</p>
      ) : (
        <div className="flex flex-col gap-4">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-ink-muted">State</dt>
            <dd>
              <StatusBadge status={message.state} /> <span className="ml-1">answered {message.ackCode}</span>
            </dd>
            <dt className="text-ink-muted">Received</dt>
            <dd>{formatDateTime(message.receivedAt)}</dd>
            <dt className="text-ink-muted">Accession</dt>
            <dd>{message.accession ?? '—'}</dd>
            {message.error && (
              <>
                <dt className="text-ink-muted">Reason</dt>
                <dd>{message.error}</dd>
              </>
            )}
            {message.specimen && (
              <>
                <dt className="text-ink-muted">Filed on</dt>
                <dd>{message.specimen.accession}</dd>
              </>
            )}
            {message.handledBy && (
              <>
                <dt className="text-ink-muted">Handled by</dt>
                <dd>
                  {message.handledBy}
                  {message.handledAt ? `, ${formatDateTime(message.handledAt)}` : ''}
                </dd>
              </>
            )}
            {message.discardReason && (
              <>
                <dt className="text-ink-muted">Rejected because</dt>
                <dd>{message.discardReason}</dd>
              </>
            )}
          </dl>
          <h3 className="font-semibold">Segments</h3>
          {message.segments.length === 0 ? (
            <pre className="overflow-x-auto rounded bg-surface-muted p-2 text-xs whitespace-pre-wrap break-all">
              {message.raw}
            </pre>
          ) : (
            <ol className="flex flex-col gap-3" aria-label="Segments">
              {message.segments.map((segment, index) => (
                // Segments repeat (OBX): their place in the message is their identity.
                // biome-ignore lint/suspicious/noArrayIndexKey: the order of segments never changes
                <li key={index}>
                  <p className="font-mono text-sm font-semibold">{segment.name}</p>
                  <dl className="grid grid-cols-[4.5rem_1fr] gap-x-3 font-mono text-xs">
                    {segment.fields.map((field) => (
                      <div key={field.position} className="contents">
                        <dt className="text-ink-muted">
                          {segment.name}-{field.position}
                        </dt>
                        <dd className="break-all">{field.value}</dd>
                      </div>
                    ))}
                  </dl>
                </li>
              ))}
            </ol>
          )}
        </div>
      )}
      {message && (
        <>
          <MatchDialog
            key={`match-${message.id}`}
            open={dialog === 'match'}
            onOpenChange={(open) => setDialog(open ? 'match' : null)}
            messageId={message.id}
            accession={message.accession}
          />
          <DiscardDialog
            key={`reject-${message.id}`}
            open={dialog === 'reject'}
            onOpenChange={(open) => setDialog(open ? 'reject' : null)}
            messageId={message.id}
            accession={message.accession}
          />
        </>
      )}
    </Sheet>
  );
}
