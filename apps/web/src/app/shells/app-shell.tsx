import { type NavEntry, ROLE_AREAS, type Role, securityPath } from '@carepoint/contract';
import { LogOut, type LucideIcon, Menu, PanelLeftClose, PanelLeftOpen, X } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import { type ReactNode, useEffect, useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { LogoMark } from '@/components/ui/logo';
import { AuthProvider, useAuth } from '@/lib/auth';
import { cx } from '@/lib/cx';
import { QueryProvider } from '@/lib/query-client';
import { useRouteTitle } from '@/lib/route-handle';
import { RequireRole } from './require-role';
import { UserMenu, type UserMenuProps } from './user-menu';

type ShellNavEntry = NavEntry & { icon: LucideIcon };

const COLLAPSED_KEY = 'carepoint:sidebar-collapsed';
/** Below this width (Tailwind's lg) the rail gives way to a drawer opened from the header. */
const WIDE_QUERY = '(min-width: 1024px)';

function initialCollapsed(): boolean {
  try {
    return window.localStorage.getItem(COLLAPSED_KEY) === 'true';
  } catch {
    return false;
  }
}

/** The wide screen's sidebar open/collapsed, remembered on this device. */
function useSidebarCollapsed() {
  const [collapsed, setCollapsed] = useState(initialCollapsed);
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

/** The keys of a role's navigation entries (ROLE_AREAS), each of which its shell gives an icon. */
type NavKey<R extends Role> = (typeof ROLE_AREAS)[R]['nav'][number]['key'];

type AppShellProps<R extends Role> = {
  /** Who may use this area (others are sent to their own home); its label and navigation come from ROLE_AREAS. */
  userRole: R;
  /** An icon for each navigation entry of the role. */
  icons: Record<NavKey<R>, LucideIcon>;
  /** The header's user menu: the area's profile page, its own links and Change Password (Security is the role's). */
  userMenu: Omit<UserMenuProps, 'securityTo'>;
};

type ShellFrameProps = { areaLabel: string; nav: readonly ShellNavEntry[]; userMenu: UserMenuProps };

/** Logo, navigation entries and Logout: the wide screen's rail and the phone's drawer show the same. */
function SidebarContent({
  areaLabel,
  nav,
  collapsed,
  toggle,
  onNavigate,
}: {
  areaLabel: string;
  nav: readonly ShellNavEntry[];
  collapsed: boolean;
  /** The rail's collapse button; the drawer has its own close button instead. */
  toggle?: ReactNode;
  onNavigate?: () => void;
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
    <>
      <div
        className={cx(
          'flex h-16 shrink-0 items-center gap-2 border-b border-border',
          collapsed ? 'flex-col justify-center px-2' : 'px-4',
        )}
      >
        <span className="flex min-w-0 flex-1 items-center gap-2">
          <LogoMark />
          <span className={cx('truncate text-lg font-bold text-ink', collapsed && 'sr-only')}>CarePoint</span>
        </span>
      </div>
      {toggle}
      <nav aria-label={`${areaLabel} navigation`} className="flex-1 overflow-y-auto px-2 py-2">
        <ul className="flex flex-col gap-1">
          {nav.map(({ key, label, to, icon: Icon }) => (
            <li key={key}>
              <NavLink
                to={to}
                className={itemClass}
                aria-label={collapsed ? label : undefined}
                title={collapsed ? label : undefined}
                onClick={onNavigate}
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
    </>
  );
}

/** The wide screen's sidebar: open (icons and labels) or collapsed to icons. Hidden below lg. */
function Sidebar({ areaLabel, nav }: { areaLabel: string; nav: readonly ShellNavEntry[] }) {
  const { collapsed, toggle } = useSidebarCollapsed();
  return (
    <aside
      data-testid="sidebar"
      data-collapsed={collapsed ? 'true' : 'false'}
      className={cx(
        'sticky top-0 hidden h-screen shrink-0 flex-col border-r border-border bg-surface transition-[width] duration-200 lg:flex print:hidden',
        collapsed ? 'w-16' : 'w-60',
      )}
    >
      <SidebarContent
        areaLabel={areaLabel}
        nav={nav}
        collapsed={collapsed}
        toggle={
          <button
            type="button"
            onClick={toggle}
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
        }
      />
    </aside>
  );
}

/**
 * Below lg: the navigation as an overlay drawer from the left, opened by the header's menu
 * button (Radix Dialog: focus trapped while open, Escape and the close button close it, focus
 * returns to the menu button). It closes on navigation and when the screen grows past lg.
 */
function NavDrawer({ areaLabel, nav }: { areaLabel: string; nav: readonly ShellNavEntry[] }) {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes whenever the page changes
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    const wide = window.matchMedia(WIDE_QUERY);
    const onChange = (event: MediaQueryListEvent) => {
      if (event.matches) setOpen(false);
    };
    wide.addEventListener('change', onChange);
    return () => wide.removeEventListener('change', onChange);
  }, []);
  return (
    <RadixDialog.Root open={open} onOpenChange={setOpen}>
      <RadixDialog.Trigger asChild>
        <button
          type="button"
          aria-label="Open navigation"
          className="-ml-2 rounded-lg p-2 text-ink-soft hover:bg-muted hover:text-ink lg:hidden"
        >
          <Menu aria-hidden size={20} />
        </button>
      </RadixDialog.Trigger>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-ink/40 lg:hidden" />
        <RadixDialog.Content
          data-testid="nav-drawer"
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col bg-surface shadow-xl lg:hidden"
        >
          <RadixDialog.Title className="sr-only">{areaLabel} navigation</RadixDialog.Title>
          <RadixDialog.Close
            aria-label="Close navigation"
            className="absolute top-4 right-3 rounded-md p-1.5 text-ink-muted hover:bg-muted hover:text-ink"
          >
            <X aria-hidden size={18} />
          </RadixDialog.Close>
          <SidebarContent
            areaLabel={areaLabel}
            nav={nav}
            collapsed={false}
            onNavigate={() => setOpen(false)}
          />
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

function ShellFrame({ areaLabel, nav, userMenu }: ShellFrameProps) {
  const title = useRouteTitle();

  return (
    // On paper only the page itself shows (a prescription prints without the app around it).
    <div className="flex min-h-screen bg-canvas print:block print:min-h-0 print:bg-surface">
      <a
        href="#main"
        className="sr-only z-[60] rounded-lg bg-primary-700 px-4 py-2 text-sm font-medium text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <Sidebar areaLabel={areaLabel} nav={nav} />
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-16 items-center justify-between gap-2 border-b border-border bg-surface px-4 sm:gap-4 sm:px-6 print:hidden">
          <div className="flex min-w-0 flex-1 items-center gap-2">
            <NavDrawer areaLabel={areaLabel} nav={nav} />
            <p className="truncate text-base font-semibold text-ink sm:text-lg" data-testid="shell-title">
              {title}
            </p>
          </div>
          <div className="shrink-0">
            <UserMenu {...userMenu} />
          </div>
        </header>
        {/* Focusable so the skip link moves keyboard focus here, not only the scroll position. */}
        <main
          id="main"
          tabIndex={-1}
          className="min-h-[80vh] min-w-0 flex-1 p-4 outline-none sm:p-6 print:min-h-0 print:p-0"
        >
          <Outlet />
        </main>
      </div>
    </div>
  );
}

/** A signed-in area: session, data provider, guard, sidebar, header and the nested route. */
export function AppShell<R extends Role>({ userRole, icons, userMenu }: AppShellProps<R>) {
  const area = ROLE_AREAS[userRole];
  const nav = area.nav.map((entry) => ({ ...entry, icon: icons[entry.key as NavKey<R>] }));
  return (
    <AuthProvider>
      <QueryProvider>
        <RequireRole role={userRole}>
          <ShellFrame
            areaLabel={area.label}
            nav={nav}
            userMenu={{ ...userMenu, securityTo: securityPath(userRole) }}
          />
        </RequireRole>
      </QueryProvider>
    </AuthProvider>
  );
}
