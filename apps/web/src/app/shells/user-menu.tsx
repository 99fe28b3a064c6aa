import { ChevronDown, KeyRound, LogOut, type LucideIcon, ShieldCheck } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useState } from 'react';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth';
import { fullName } from '@/lib/format';

type UserMenuLink = { to: string; label: string; icon: LucideIcon };

export type UserMenuProps = {
  /** The area's profile page: the header's picture links to it. */
  profileTo: string;
  /** The area's own entries above Change Password (e.g. Edit Profile). */
  links: readonly UserMenuLink[];
  /** The area's Change Password page. */
  changePasswordTo: string;
  /** The area's Security page (second factor, passkeys, sessions). */
  securityTo: string;
};

const LINK_CLASS =
  'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-ink-soft hover:bg-muted hover:text-ink focus-visible:bg-muted focus-visible:text-ink';

/**
 * Every signed-in area's header: the picture links to the profile page; the name opens a
 * 300 x 400 px card with the signed-in user's name, e-mail and picture, the area's profile
 * links, Change Password and Logout. Radix Popover: opened and closed from the keyboard,
 * focus moves into the card and back to the name button.
 */
export function UserMenu({ profileTo, links, changePasswordTo, securityTo }: UserMenuProps) {
  const { user, logout } = useAuth();
  const [open, setOpen] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);
  if (!user) return null;
  const name = fullName(user);
  const close = () => setOpen(false);

  return (
    <div className="flex items-center gap-3">
      <Link to={profileTo} className="rounded-full" title="Profile page">
        <Avatar name={name} imageUrl={user.imageUrl} size="sm" decorative />
        <span className="sr-only">Profile page</span>
      </Link>
      <Popover.Root open={open} onOpenChange={setOpen}>
        <Popover.Trigger asChild>
          <button
            type="button"
            className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-ink hover:bg-muted"
          >
            {/* On a phone the picture and the chevron stand for the name, leaving the header its title. */}
            <span className="sr-only sm:not-sr-only">{name}</span>
            <ChevronDown aria-hidden size={16} />
          </button>
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            align="end"
            sideOffset={8}
            aria-label="Profile card"
            data-testid="profile-card"
            className="z-50 flex h-[400px] w-[300px] flex-col rounded-lg border border-border bg-surface shadow-xl"
          >
            <div className="flex flex-col items-center gap-2 border-b border-border px-4 py-6 text-center">
              <Avatar name={name} imageUrl={user.imageUrl} size="xl" decorative />
              <p className="mt-2 text-base font-semibold text-ink">{name}</p>
              <p className="max-w-full truncate text-sm text-ink-muted">{user.email}</p>
              {user.specialty ? <p className="text-xs text-primary-800">{user.specialty}</p> : null}
            </div>
            <nav aria-label="Profile" className="flex flex-1 flex-col gap-1 p-2">
              {links.map(({ to, label, icon: Icon }) => (
                <Link key={to} to={to} className={LINK_CLASS} onClick={close}>
                  <Icon aria-hidden size={16} /> {label}
                </Link>
              ))}
              <Link to={changePasswordTo} className={LINK_CLASS} onClick={close}>
                <KeyRound aria-hidden size={16} /> Change Password
              </Link>
              <Link to={securityTo} className={LINK_CLASS} onClick={close}>
                <ShieldCheck aria-hidden size={16} /> Security
              </Link>
            </nav>
            <div className="border-t border-border p-2">
              <Button
                variant="ghost"
                className="w-full justify-start"
                loading={loggingOut}
                onClick={() => {
                  setLoggingOut(true);
                  void logout().finally(() => setLoggingOut(false));
                }}
              >
                <LogOut aria-hidden size={16} /> Logout
              </Button>
            </div>
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
    </div>
  );
}
