import type { ReactNode } from 'react';
import { Link, Outlet } from 'react-router';
import { Logo } from '@/components/ui/logo';
import { AuthProvider } from '@/lib/auth';
import { QueryProvider } from '@/lib/query-client';

/** The sign-in pages' frame: logo home link above a centred card. */
export default function AuthLayout() {
  return (
    <AuthProvider>
      <QueryProvider>
        <div className="flex min-h-screen flex-col items-center bg-gradient-to-b from-primary-50 to-canvas px-4 py-10">
          <Link to="/" aria-label="CarePoint home" className="mb-8 rounded-md">
            <Logo />
          </Link>
          <main className="w-full max-w-md">
            <Outlet />
          </main>
        </div>
      </QueryProvider>
    </AuthProvider>
  );
}

/** Card + heading used by each auth page. */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  return (
    <div className="rounded-lg border border-border bg-surface p-6 shadow-sm sm:p-8">
      <h1 className="text-2xl font-semibold text-ink">{title}</h1>
      {subtitle ? <p className="mt-1 text-sm text-ink-muted">{subtitle}</p> : null}
      <div className="mt-6">{children}</div>
    </div>
  );
}
