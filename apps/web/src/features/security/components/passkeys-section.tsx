import { PASSKEY_MESSAGES, type Passkey } from '@carepoint/contract';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { useQuery } from '@tanstack/react-query';
import { KeyRound, type LucideIcon, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { passkeysQuery, useAddPasskey, useRemovePasskey } from '@/features/security/api/passkeys';
import { formatDate } from '@/lib/format';
import { fallbackOf } from '@/lib/query-client';
import { RenamePasskeyDialog } from './rename-passkey-dialog';

/**
 * Security page: the person's passkeys. Adding one lets them sign in without a password, with
 * the fingerprint, face or PIN that unlocks their device; each can be renamed or removed.
 */
export function PasskeysSection() {
  const passkeys = useQuery(passkeysQuery);
  const add = useAddPasskey();
  const supported = browserSupportsWebAuthn();
  return (
    <Card
      title="Passkeys"
      aria-label="Passkeys"
      actions={
        <Button
          size="sm"
          loading={add.isPending}
          disabled={!supported}
          onClick={() => add.mutate(undefined, { onSuccess: () => toast.success(PASSKEY_MESSAGES.added) })}
        >
          <Plus aria-hidden size={16} /> Add a passkey
        </Button>
      }
      flush
    >
      <p className="border-b border-border px-4 py-3 text-sm text-ink-muted">
        {supported
          ? 'Sign in with your fingerprint, face or device PIN instead of your password. A passkey stays on your device or in your password manager.'
          : PASSKEY_MESSAGES.browserUnsupported}
      </p>
      {passkeys.isPending ? (
        <div className="flex flex-col gap-3 p-4">
          <Skeleton className="h-5 w-1/2" />
          <Skeleton className="h-5 w-1/3" />
        </div>
      ) : passkeys.isError ? (
        <ErrorState
          message={fallbackOf(passkeysQuery.meta)}
          onRetry={() => void passkeys.refetch()}
          retrying={passkeys.isFetching}
        />
      ) : passkeys.data.passkeys.length === 0 ? (
        <EmptyState icon={KeyRound} title="No passkeys yet." />
      ) : (
        <ul aria-label="Your passkeys" className="divide-y divide-border">
          {passkeys.data.passkeys.map((passkey) => (
            <PasskeyRow key={passkey.id} passkey={passkey} />
          ))}
        </ul>
      )}
    </Card>
  );
}

/** A row's button, named with the passkey's name for screen readers ("Rename Work laptop"). */
function RowAction({
  icon: Icon,
  action,
  passkey,
  onClick,
}: {
  icon: LucideIcon;
  action: string;
  passkey: Passkey;
  onClick: () => void;
}) {
  return (
    <Button variant="secondary" size="sm" aria-label={`${action} ${passkey.name}`} onClick={onClick}>
      <Icon aria-hidden size={14} /> {action}
    </Button>
  );
}

function PasskeyRow({ passkey }: { passkey: Passkey }) {
  const [renaming, setRenaming] = useState(false);
  const [removing, setRemoving] = useState(false);
  const remove = useRemovePasskey();
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
      <div className="flex min-w-0 items-start gap-3">
        <KeyRound aria-hidden size={20} className="mt-0.5 shrink-0 text-ink-muted" />
        <div className="min-w-0">
          <p className="break-words font-medium text-ink">{passkey.name}</p>
          <p className="text-sm text-ink-muted">
            Added {formatDate(passkey.createdAt)} ·{' '}
            {passkey.lastUsedAt ? `Last used ${formatDate(passkey.lastUsedAt)}` : 'Not used yet'}
          </p>
        </div>
      </div>
      <div className="ml-8 flex gap-2 sm:ml-0">
        <RowAction icon={Pencil} action="Rename" passkey={passkey} onClick={() => setRenaming(true)} />
        <RowAction icon={Trash2} action="Remove" passkey={passkey} onClick={() => setRemoving(true)} />
      </div>
      {renaming ? <RenamePasskeyDialog open onOpenChange={setRenaming} passkey={passkey} /> : null}
      <ConfirmDialog
        open={removing}
        onOpenChange={setRemoving}
        title="Remove passkey?"
        description={`"${passkey.name}" will no longer sign you in. You can still sign in with your password.`}
        confirmLabel="Remove"
        loading={remove.isPending}
        onConfirm={() =>
          remove.mutate(passkey.id, {
            onSuccess: () => {
              toast.success(PASSKEY_MESSAGES.removed);
              setRemoving(false);
            },
          })
        }
      />
    </li>
  );
}
