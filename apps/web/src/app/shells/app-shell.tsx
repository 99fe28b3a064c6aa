import type { NavEntry, Role } from '@carepoint/contract';
import { LogOut, type LucideIcon, PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { NavLink, Outlet } from 'react-router';
import { Avatar } from '../../components/ui/avatar';
import { LogoMark } from '../../components/ui/logo';
import { AuthProvider, useAuth } from '../../lib/auth';
import { cx } from '../../lib/cx';
import { fullName } from '../../lib/format';
import { QueryProvider } from '../../lib/query-client';
import { useRouteTitle } from '../../lib/route-handle';
import { RequireRole } from './require-role';

export type ShellNavEntry = NavEntry & { icon: LucideIcon };

const COLLAPSED_KEY = 'carepoint:sidebar-collapsed';
const NARROW_QUERY = '(max-width: 1023px)';

function initialCollapsed(): boolean {
  if (window.matchMedia(NARROW_QUERY).matches) return true;
  try {
    return window.localStorage.getItem(COLLAPSED_KEY) === 'true';
  } catch {
    return false;
  }
}

/** Sidebar open/collapsed: remembered, and collapsed automatically on narrow screens. */
function useSidebarCollapsed() {
  const [collapsed, setCollapsed] = useState(initialCollapsed);
  useEffect(() => {
    const media = window.matchMedia(NARROW_QUERY);
    const onChange = (event: MediaQueryListEvent) => {
      if (event.matches) setCollapsed(true);
    };
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, []);
  const toggle = () =>
    setCollapsed((value) => {
      try {
        window.localStorage.setItem(COLLAPSED_KEY, String(!value));
      } catch {
        // Not remembered; still toggles.
      }
      return !value;
    });
  return { collapsed, toggle };
}

type AppShellProps = {
  /** Who may use this area (others are sent to their own home). */
  userRole: Role;
  /** e.g. "Admin": names the navigation landmark. */
  areaLabel: string;
  nav: readonly ShellNavEntry[];
  /** Replaces the default picture + name on the right of the header (the doctor's profile card). */
  headerUser?: ReactNode;
};

function Sidebar({
  areaLabel,
  nav,
  collapsed,
  onToggle,
}: {
  areaLabel: string;
  nav: readonly ShellNavEntry[];
  collapsed: boolean;
  onToggle: () => void;
}) {
  const { logout } = useAuth();
  const [loggingOut, setLoggingOut] = useState(false);
  const itemClass = ({ isActive }: { isActive: boolean }) =>
    cx(
      'flex h-10 items-center gap-3 rounded-lg text-sm font-medium transition-colors',
      collapsed ? 'justify-center px-0' : 'px-3',
      isActive ? 'bg-primary-700 text-white' : 'text-ink-soft hover:bg-muted hover:text-ink',
    );

  return (
    <aside
      data-testid="sidebar"
      data-collapsed={collapsed ? 'true' : 'false'}
      className={cx(
        'sticky top-0 flex h-screen shrink-0 flex-col border-r border-border bg-surface transition-[width] duration-200 print:hidden',
        collapsed ? 'w-16' : 'w-60',
      )}
    >
      <div
        className={cx(
          'flex h-16 items-center gap-2 border-b border-border',
          collapsed ? 'flex-col justify-center px-2' : 'px-4',
        )}
      >
        <span className="flex min-w-0 flex-1 items-center gap-2">
          <LogoMark />
          <span className={cx('truncate text-lg font-bold text-ink', collapsed && 'sr-only')}>CarePoint</span>
        </span>
      </div>
      <button
        type="button"
        onClick={onToggle}
        aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
        aria-expanded={!collapsed}
        title={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
        className={cx(
          'mx-2 mt-2 flex h-9 items-center gap-3 rounded-lg text-sm text-ink-muted hover:bg-muted hover:text-ink',
          collapsed ? 'justify-center' : 'px-3',
        )}
      >
        {collapsed ? <PanelLeftOpen aria-hidden size={18} /> : <PanelLeftClose aria-hidden size={18} />}
        {collapsed ? null : <span>Collapse</span>}
      </button>
      <nav aria-label={`${areaLabel} navigation`} className="flex-1 overflow-y-auto px-2 py-2">
        <ul className="flex flex-col gap-1">
          {nav.map(({ key, label, to, icon: Icon }) => (
            <li key={key}>
              <NavLink
                to={to}
                className={itemClass}
                aria-label={collapsed ? label : undefined}
                title={collapsed ? label : undefined}
              >
                <Icon aria-hidden size={18} className="shrink-0" />
                {collapsed ? null : <span className="truncate">{label}</span>}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="border-t border-border p-2">
        <button
          type="button"
          onClick={() => {
            setLoggingOut(true);
            void logout().finally(() => setLoggingOut(false));
          }}
          disabled={loggingOut}
          aria-label={collapsed ? 'Logout' : undefined}
          title={collapsed ? 'Logout' : undefined}
          className={cx(
            'flex h-10 w-full items-center gap-3 rounded-lg text-sm font-medium text-ink-soft hover:bg-danger-50 hover:text-danger-700',
            collapsed ? 'justify-center' : 'px-3',
          )}
        >
          <LogOut aria-hidden size={18} />
          {collapsed ? null : <span>Logout</span>}
        </button>
      </div>
    </aside>
  );
}

/** The signed-in user's picture (initials when none) and name. */
export function HeaderUser() {
  const { user } = useAuth();
  if (!user) return null;
  const name = fullName(user);
  return (
    <div className="flex items-center gap-3">
      <Avatar name={name} imageUrl={user.imageUrl} size="sm" decorative />
      <span className="sr-only text-sm font-medium text-ink sm:not-sr-only">{name}</span>
    </div>
  );
}

function ShellFrame({ areaLabel, nav, headerUser }: Omit<AppShellProps, 'userRole'>) {
  const { collapsed, toggle } = useSidebarCollapsed();
  const title = useRouteTitle();
  useEffect(() => {
    document.title = `${title} · CarePoint`;
  }, [title]);

  return (
    // On paper only the page itself shows (a prescription prints without the app around it).
    <div className="flex min-h-screen bg-canvas print:block print:min-h-0 print:bg-surface">
      <Sidebar areaLabel={areaLabel} nav={nav} collapsed={collapsed} onToggle={toggle} />
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-16 items-center justify-between gap-4 border-b border-border bg-surface px-4 sm:px-6 print:hidden">
          <p className="truncate text-lg font-semibold text-ink" data-testid="shell-title">
            {title}
          </p>
          {headerUser ?? <HeaderUser />}
        </header>
        <main className="min-h-[80vh] flex-1 p-4 sm:p-6 print:min-h-0 print:p-0">
          <Outlet />
        </main>
      </div>
    </div>
  );
}

/** A signed-in area: session, data provider, guard, sidebar, header and the nested route. */
export function AppShell({ userRole, ...frame }: AppShellProps) {
  return (
    <AuthProvider>
      <QueryProvider>
        <RequireRole role={userRole}>
          <ShellFrame {...frame} />
        </RequireRole>
      </QueryProvider>
    </AuthProvider>
  );
}
