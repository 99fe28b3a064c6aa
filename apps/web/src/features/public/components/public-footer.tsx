import { MARKETING, telHref } from '@carepoint/contract';
import { Logo } from '@/components/ui/logo';
import { useFacility } from '@/features/public/use-facility';
import { scrollToSection } from './public-header';
import { SiteLink } from './site-link';

/** The Contact Information column: the facility's own details, as an admin saved them. */
function ContactInformation() {
  const facility = useFacility();
  return (
    <div>
      <h2 className="mb-3 text-sm font-semibold text-ink">Contact Information</h2>
      <ul className="flex flex-col gap-2 text-sm text-ink-soft" aria-busy={facility === null}>
        {facility?.phone ? (
          <li>
            <span className="font-medium text-ink">Phone: </span>
            <a href={telHref(facility.phone)} className="hover:underline">
              {facility.phone}
            </a>
          </li>
        ) : null}
        {facility?.email ? (
          <li>
            <span className="font-medium text-ink">Email: </span>
            <a href={`mailto:${facility.email}`} className="break-all hover:underline">
              {facility.email}
            </a>
          </li>
        ) : null}
        <li>
          <span className="font-medium text-ink">Opening hours: </span>
          {MARKETING.openingHours}
        </li>
        {facility?.address ? (
          <li>
            <span className="font-medium text-ink">Location: </span>
            {facility.address}
          </li>
        ) : null}
      </ul>
    </div>
  );
}

export function PublicFooter() {
  const year = new Date().getFullYear();
  const linkClass = 'text-sm text-ink-soft hover:text-primary-800 hover:underline';
  return (
    <footer id="contact" className="border-t border-border bg-surface">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-3">
        <div className="flex flex-col gap-3">
          <Logo />
          <p className="max-w-xs text-sm text-ink-muted">
            Hospital and clinic management: patient records, appointments, emergency care and analytics in one
            place.
          </p>
        </div>
        <nav aria-label="Useful links">
          <h2 className="mb-3 text-sm font-semibold text-ink">Useful Links</h2>
          <ul className="grid grid-cols-2 gap-2">
            <li>
              <SiteLink to="/#home" className={linkClass} onClick={(event) => scrollToSection(event, 'home')}>
                Home
              </SiteLink>
            </li>
            <li>
              <SiteLink
                to="/#services"
                className={linkClass}
                onClick={(event) => scrollToSection(event, 'services')}
              >
                Services
              </SiteLink>
            </li>
            <li>
              <SiteLink to="/about" className={linkClass}>
                About Us
              </SiteLink>
            </li>
            <li>
              <SiteLink to="/login" className={linkClass}>
                Login
              </SiteLink>
            </li>
            <li>
              <SiteLink to="/signup" className={linkClass}>
                Register
              </SiteLink>
            </li>
            <li>
              <SiteLink to="/forgot-password" className={linkClass}>
                Forgot Password
              </SiteLink>
            </li>
          </ul>
        </nav>
        <ContactInformation />
      </div>
      <div className="border-t border-border py-4 text-center text-sm text-ink-muted">
        © {year} CarePoint. All rights reserved.
      </div>
    </footer>
  );
}
