import { homeOf } from '@carepoint/contract';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useAuth } from '@/lib/auth';
import { NOT_FOUND_TEXT, NOT_FOUND_TITLE } from './not-found-page';

/** An unknown path inside a signed-in area: shown in the area's shell, so its navigation stays. */
export default function AreaNotFoundPage() {
  const { user } = useAuth();
  const home = user ? homeOf(user.role) : '/';
  return (
    <Card className="mx-auto max-w-xl">
      <div className="flex flex-col items-center gap-4 py-8 text-center">
        <h1 className="text-2xl font-semibold text-ink">{NOT_FOUND_TITLE}</h1>
        <p className="text-ink-soft">{NOT_FOUND_TEXT}</p>
        <Link to={home} className={buttonClass()}>
          Go to the dashboard
        </Link>
      </div>
    </Card>
  );
}
