import { AlertTriangle } from 'lucide-react';
import { Button } from './button';

export type ErrorStateProps = {
  message: string;
  /** Shows a Retry button. */
  onRetry?: () => void;
  retrying?: boolean;
};

/** A failed load: the message and a Retry button. */
export function ErrorState({ message, onRetry, retrying = false }: ErrorStateProps) {
  return (
    <div role="alert" className="flex flex-col items-center justify-center gap-3 px-4 py-10 text-center">
      <AlertTriangle aria-hidden size={28} className="text-danger-700" />
      <p className="text-sm text-ink-soft">{message}</p>
      {onRetry ? (
        <Button variant="secondary" size="sm" onClick={onRetry} loading={retrying}>
          Retry
        </Button>
      ) : null}
    </div>
  );
}
