import { SESSION_MESSAGES, type Session } from '@carepoint/contract';
import { Monitor } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useEndOtherSessions, useEndSession, useMySessions } from '@/features/security/api/sessions';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';

/** One place the person is signed in: the browser, its address and times, and "Sign out" unless it is this one. */
function SessionRow({ session }: { session: Session }) {
  const end = useEndSession();
  const signOut = () => end.mutate(session.id, { onSuccess: () => toast.success(SESSION_MESSAGES.ended) });
  return (
    <li className="flex flex-wrap items-center gap-3 px-4 py-3" aria-label={session.device}>
      <Monitor aria-hidden size={20} className="shrink-0 text-ink-muted" />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-ink">
          <span className="break-words">{session.device}</span>
          {session.current ? <Badge tone="green">This browser</Badge> : null}
        </p>
        <p className="mt-0.5 flex flex-wrap gap-x-2 text-xs text-ink-muted">
          <span>{session.ip ?? 'Unknown address'}</span>
          <span className="whitespace-nowrap">Signed in {formatDateTime(session.startedAt)}</span>
          <span className="whitespace-nowrap">Last seen {formatDateTime(session.lastSeenAt)}</span>
        </p>
      </div>
      {session.current ? null : (
        <Button variant="secondary" size="sm" loading={end.isPending} onClick={signOut}>
          Sign out<span className="sr-only"> {session.device}</span>
        </Button>
      )}
    </li>
  );
}

/** "Sign out everywhere else", after a confirmation. */
function EndOthersButton({ others }: { others: number }) {
  const [open, setOpen] = useState(false);
  const endOthers = useEndOtherSessions();
  const confirm = () =>
    endOthers.mutate(undefined, {
      onSuccess: () => {
        toast.success(SESSION_MESSAGES.othersEnded);
        setOpen(false);
      },
    });
  return (
    <>
      <Button variant="secondary" size="sm" disabled={others === 0} onClick={() => setOpen(true)}>
        Sign out everywhere else
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Sign out everywhere else?"
        description={`Your ${others === 1 ? 'other session' : `${others} other sessions`} will be signed out. This browser stays signed in.`}
        confirmLabel="Sign out"
        loading={endOthers.isPending}
        onConfirm={confirm}
      />
    </>
  );
}

/** Security: every browser the person is signed in on, with a way to end each or all the others. */
export function SessionsSection() {
  const sessions = useMySessions();
  const list = sessions.data?.sessions ?? [];
  return (
    <Card title="Sessions" actions={<EndOthersButton others={list.filter((s) => !s.current).length} />} flush>
      {sessions.isPending ? (
        <div className="flex flex-col gap-2 p-4" aria-busy="true">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      ) : sessions.isError ? (
        <ErrorState
          message={errorMessage(sessions.error, SESSION_MESSAGES.loadFailed)}
          onRetry={() => void sessions.refetch()}
        />
      ) : (
        <ul aria-label="Sessions" className="divide-y divide-border">
          {list.map((session) => (
            <SessionRow key={session.id} session={session} />
          ))}
        </ul>
      )}
    </Card>
  );
}
