import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { LogoMark } from '@/components/ui/logo';

export const NOT_FOUND_TITLE = 'Page not found';
export const NOT_FOUND_TEXT =
  'Sorry, the page you are looking for was not found. It may have been moved or never existed.';

/** Any unknown public path, with a way back home. A signed-in area has its own (area-not-found-page). */
function NotFoundPage() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 px-6 text-center">
      <LogoMark className="h-12 w-12" />
      <h1 className="text-3xl font-semibold text-ink">{NOT_FOUND_TITLE}</h1>
      <p className="max-w-md text-ink-soft">{NOT_FOUND_TEXT}</p>
      <Link to="/" className={buttonClass()}>
        Go to the home page
      </Link>
    </main>
  );
}

export default NotFoundPage;
