import { RECOVERY_CODE_COUNT } from '@carepoint/contract';
import { Button } from '@/components/ui/button';

/**
 * New recovery codes, shown once (only their hashes are kept): the user writes them down or
 * prints them before going on.
 */
export function RecoveryCodesList({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-ink">
        Keep these {RECOVERY_CODE_COUNT} recovery codes somewhere safe, apart from your phone. Each signs you
        in once if you cannot use your authenticator app. They are shown only now.
      </p>
      <ol
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-2 rounded-md border border-border bg-canvas p-3 font-mono text-sm sm:grid-cols-5"
      >
        {codes.map((code) => (
          <li key={code} className="text-center text-ink">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => window.print()}>
          Print
        </Button>
        <Button onClick={onDone}>I have saved them</Button>
      </div>
    </div>
  );
}
