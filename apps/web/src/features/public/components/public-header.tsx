import { HEADER_SOLID_AFTER_PX, HEADER_TRANSPARENT_BELOW_PX } from '@carepoint/contract';
import { Menu, X } from 'lucide-react';
import { type MouseEvent, useLayoutEffect, useState } from 'react';
import { buttonClass } from '@/components/ui/button';
import { Logo } from '@/components/ui/logo';
import { cx } from '@/lib/cx';
import { SiteLink } from './site-link';

/**
 * Solid once scrolled past HEADER_SOLID_AFTER_PX, transparent again under
 * HEADER_TRANSPARENT_BELOW_PX; in between the header keeps its state, so it does not flicker.
 */
function useSolidHeader(): boolean {
  // Transparent at first, as in the prerendered landing page (hydration must match it); the
  // layout effect reads the scroll position before the first paint.
  const [solid, setSolid] = useState(false);
  useLayoutEffect(() => {
    const onScroll = () => {
      const y = window.scrollY;
      setSolid((current) =>
        y > HEADER_SOLID_AFTER_PX ? true : y < HEADER_TRANSPARENT_BELOW_PX ? false : current,
      );
    };
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return solid;
}

const SECTION_LINKS = [
  { id: 'home', label: 'Home' },
  { id: 'services', label: 'Services' },
  { id: 'about', label: 'About' },
  { id: 'contact', label: 'Contact' },
] as const;

/** Scrolls to a landing section (smoothly unless the user prefers reduced motion). */
export function scrollToSection(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const target = document.getElementById(id);
  if (!target) return; // not on the landing page: let the link navigate to /#id
  event.preventDefault();
  const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  if (id === 'home') window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
  else target.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth' });
  window.history.replaceState(window.history.state, '', `#${id}`);
}

export function PublicHeader() {
  const solid = useSolidHeader();
  const [menuOpen, setMenuOpen] = useState(false);
  const linkClass = 'rounded-md px-3 py-2 text-sm font-medium text-ink-soft hover:text-primary-800';

  return (
    <header
      data-solid={solid ? 'true' : 'false'}
      className={cx(
        'fixed inset-x-0 top-0 z-40 transition-[background-color,box-shadow] duration-200',
        solid || menuOpen ? 'bg-surface shadow-header' : 'bg-transparent',
      )}
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <SiteLink to="/" aria-label="CarePoint home" className="rounded-md">
          <Logo />
        </SiteLink>
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {SECTION_LINKS.map(({ id, label }) => (
            <SiteLink
              key={id}
              to={`/#${id}`}
              className={linkClass}
              onClick={(event) => scrollToSection(event, id)}
            >
              {label}
            </SiteLink>
          ))}
          <SiteLink to="/signup" className={linkClass}>
            Register
          </SiteLink>
        </nav>
        <div className="flex items-center gap-2">
          <SiteLink to="/login" className={buttonClass({ size: 'sm', className: 'sm:h-10 sm:px-4' })}>
            Get Started
          </SiteLink>
          <button
            type="button"
            className="rounded-md p-2 text-ink-soft hover:bg-muted md:hidden"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen((v) => !v)}
          >
            {menuOpen ? <X aria-hidden size={22} /> : <Menu aria-hidden size={22} />}
          </button>
        </div>
      </div>
      {menuOpen ? (
        <nav
          id="mobile-menu"
          aria-label="Mobile"
          className="border-t border-border bg-surface px-4 pb-4 md:hidden"
        >
          <ul className="flex flex-col py-2">
            {SECTION_LINKS.map(({ id, label }) => (
              <li key={id}>
                <SiteLink
                  to={`/#${id}`}
                  className="block rounded-md px-3 py-3 text-base font-medium text-ink-soft hover:bg-muted"
                  onClick={(event) => {
                    setMenuOpen(false);
                    scrollToSection(event, id);
                  }}
                >
                  {label}
                </SiteLink>
              </li>
            ))}
            <li>
              <SiteLink
                to="/signup"
                className="block rounded-md px-3 py-3 text-base font-medium text-ink-soft hover:bg-muted"
              >
                Register
              </SiteLink>
            </li>
          </ul>
        </nav>
      ) : null}
    </header>
  );
}
