import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { buttonClass } from '@/components/ui/button';

/** The generic error screen: status and status text, or the error's message. */
export function RouteErrorPage() {
  const error = useRouteError();
  let detail: string;
  if (isRouteErrorResponse(error)) detail = `${error.status} ${error.statusText}`.trim();
  else if (error instanceof Error) detail = error.message;
  else detail = String(error ?? 'Unknown error');

  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="text-2xl font-semibold text-ink">Unexpected Application Error!</h1>
      <p className="max-w-lg text-ink-soft">{detail}</p>
      <div className="flex gap-2">
        <button
          type="button"
          className={buttonClass({ variant: 'secondary' })}
          onClick={() => window.location.reload()}
        >
          Reload
        </button>
        <Link to="/" className={buttonClass()}>
          Go to the home page
        </Link>
      </div>
    </main>
  );
}
