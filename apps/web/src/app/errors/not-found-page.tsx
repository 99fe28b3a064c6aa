import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button';
import { LogoMark } from '../../components/ui/logo';

/** Any unknown path (the text PageNotFound), with a way back home. */
function NotFoundPage() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 px-6 text-center">
      <LogoMark className="h-12 w-12" />
      <h1 className="text-3xl font-semibold text-ink">PageNotFound</h1>
      <p className="max-w-md text-ink-soft">
        Sorry, the page you are looking for was not found. It may have been moved or never existed.
      </p>
      <Link to="/" className={buttonClass()}>
        Go to the home page
      </Link>
    </main>
  );
}

export default NotFoundPage;
