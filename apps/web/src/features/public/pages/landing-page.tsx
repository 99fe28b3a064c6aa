import { MARKETING } from '@carepoint/contract';
import { BarChart3, CalendarCheck, ClipboardList, Headset, Plug, ShieldCheck } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Button, buttonClass } from '@/components/ui/button';
import { PublicFooter } from '@/features/public/components/public-footer';
import { PublicHeader } from '@/features/public/components/public-header';
import { SiteLink } from '@/features/public/components/site-link';

// The Schedule Demo form (react-hook-form + zod) loads only when someone opens it.
const loadDemoDialog = () => import('@/features/public/components/demo-request-dialog');
const DemoRequestDialog = lazy(loadDemoDialog);

/** The landing page's title (also written into the prerendered landing.html). */
export const LANDING_TITLE = 'CarePoint: hospital and clinic management';

const SERVICES = [
  {
    icon: ClipboardList,
    title: 'Patient Management',
    text: 'Patient records, appointments and medical history in one place, from registration to follow-up.',
  },
  {
    icon: CalendarCheck,
    title: 'Appointment Scheduling',
    text: "Patients book online against each doctor's real schedule: no double bookings, no lost requests.",
  },
  {
    icon: BarChart3,
    title: 'Analytics & Reports',
    text: 'Wait times, arrivals and bottlenecks computed from your own records, plus clinical reports your team can trust.',
  },
] as const;

const STATS = [
  { value: MARKETING.facilities, label: 'Healthcare facilities' },
  { value: MARKETING.patients, label: 'Patients served' },
  { value: MARKETING.satisfaction, label: 'Satisfaction rate' },
  { value: MARKETING.support, label: 'Support' },
] as const;

const REASONS = [
  {
    icon: ShieldCheck,
    title: 'Secure & Compliant',
    text: 'Role-based access, protected sessions and an audit trail of every look at clinical data.',
  },
  {
    icon: Plug,
    title: 'Easy Integration',
    text: 'Runs on a single server or scales out on PostgreSQL, and works in any modern browser.',
  },
  {
    icon: Headset,
    title: '24/7 Support',
    text: 'Our team is there day and night, so your clinic never waits for an answer.',
  },
] as const;

function HeroIllustration() {
  const rows = [
    { name: 'Musa Ibrahim', dept: 'Emergency', badge: 'High', tone: 'bg-danger-100 text-danger-800' },
    { name: 'Kemi Alade', dept: 'General', badge: 'Medium', tone: 'bg-warning-100 text-warning-900' },
    { name: 'Tolu Bassey', dept: 'Pediatrics', badge: 'Low', tone: 'bg-success-100 text-success-800' },
  ];
  return (
    <div
      aria-hidden
      className="relative mx-auto w-full max-w-md rounded-2xl border border-border bg-surface p-5 shadow-xl"
    >
      <div className="mb-4 flex items-center justify-between">
        <span className="text-sm font-semibold text-ink">Today Overview</span>
        {/* An illustration of the product, not live figures: say so rather than show a "live" dot. */}
        <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-ink-soft">Example</span>
      </div>
      <div className="grid grid-cols-3 gap-3">
        {[
          { label: 'Patients', value: '128' },
          { label: 'Doctors', value: '24' },
          { label: 'ER Waiting', value: '6' },
        ].map(({ label, value }) => (
          <div key={label} className="rounded-lg bg-primary-50 p-3">
            <p className="text-xl font-semibold text-ink">{value}</p>
            <p className="text-xs text-ink-muted">{label}</p>
          </div>
        ))}
      </div>
      <ul className="mt-4 divide-y divide-border">
        {rows.map((row) => (
          <li key={row.name} className="flex items-center justify-between py-2.5 text-sm">
            <span>
              <span className="block font-medium text-ink">{row.name}</span>
              <span className="text-xs text-ink-muted">{row.dept}</span>
            </span>
            <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${row.tone}`}>{row.badge}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export default function LandingPage() {
  const [demoOpen, setDemoOpen] = useState(false);
  const [demoMounted, setDemoMounted] = useState(false);

  useEffect(() => {
    document.title = LANDING_TITLE;
  }, []);

  // Arriving from another page on /#section: show that section.
  useEffect(() => {
    const { hash } = window.location;
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, []);

  const openDemo = () => {
    setDemoMounted(true);
    setDemoOpen(true);
  };

  return (
    <div className="min-h-screen bg-surface">
      <PublicHeader />
      <main>
        <section
          id="home"
          className="bg-gradient-to-b from-primary-50 to-surface pt-28 pb-16 sm:pt-36 sm:pb-24"
        >
          <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 sm:px-6 lg:grid-cols-2">
            <div>
              <p className="mb-3 inline-flex rounded-full bg-primary-100 px-3 py-1 text-xs font-semibold text-primary-900">
                Hospital &amp; clinic management
              </p>
              <h1 className="text-4xl font-bold tracking-tight text-ink sm:text-5xl">
                Better care starts with a calmer hospital.
              </h1>
              <p className="mt-5 max-w-xl text-lg text-ink-soft">
                CarePoint brings patient records, appointments, the emergency room, department queues and
                reports into one secure place for doctors, administrators and patients.
              </p>
              <div className="mt-8 flex flex-wrap gap-3">
                <SiteLink to="/login" className={buttonClass({ size: 'lg' })}>
                  Get Started
                </SiteLink>
                <SiteLink to="/signup" className={buttonClass({ size: 'lg', variant: 'secondary' })}>
                  Register as a patient
                </SiteLink>
              </div>
            </div>
            <HeroIllustration />
          </div>
        </section>

        <section id="services" className="py-16 sm:py-24">
          <div className="mx-auto max-w-6xl px-4 sm:px-6">
            <div className="mx-auto max-w-2xl text-center">
              <h2 className="text-3xl font-bold tracking-tight text-ink">Our Services</h2>
              <p className="mt-3 text-ink-soft">
                Everything a hospital or clinic needs to run its day, in one place.
              </p>
            </div>
            <div className="mt-12 grid gap-6 md:grid-cols-3">
              {SERVICES.map(({ icon: Icon, title, text }) => (
                <article key={title} className="rounded-lg border border-border bg-surface p-6 shadow-sm">
                  <span className="inline-flex rounded-lg bg-primary-50 p-3 text-primary-700">
                    <Icon aria-hidden size={24} />
                  </span>
                  <h3 className="mt-4 text-lg font-semibold text-ink">{title}</h3>
                  <p className="mt-2 text-sm text-ink-soft">{text}</p>
                </article>
              ))}
            </div>
          </div>
        </section>

        <section aria-label="CarePoint in numbers" className="bg-primary-800 py-12 text-white">
          <dl className="mx-auto grid max-w-6xl grid-cols-2 gap-8 px-4 text-center sm:px-6 md:grid-cols-4">
            {STATS.map(({ value, label }) => (
              <div key={label} className="flex flex-col-reverse gap-1">
                <dt className="text-sm text-primary-100">{label}</dt>
                <dd className="text-4xl font-bold">{value}</dd>
              </div>
            ))}
          </dl>
        </section>

        <section id="about" className="py-16 sm:py-24">
          <div className="mx-auto max-w-6xl px-4 sm:px-6">
            <div className="mx-auto max-w-2xl text-center">
              <h2 className="text-3xl font-bold tracking-tight text-ink">Why Choose CarePoint?</h2>
              <p className="mt-3 text-ink-soft">
                Built with clinicians for the pressure of a real ward.{' '}
                <SiteLink to="/about" className="font-medium text-primary-800 underline">
                  Learn more about CarePoint
                </SiteLink>
              </p>
            </div>
            <div className="mt-12 grid gap-8 md:grid-cols-3">
              {REASONS.map(({ icon: Icon, title, text }) => (
                <div key={title} className="text-center">
                  <span className="inline-flex rounded-full bg-primary-100 p-4 text-primary-800">
                    <Icon aria-hidden size={28} />
                  </span>
                  <h3 className="mt-4 text-lg font-semibold text-ink">{title}</h3>
                  <p className="mt-2 text-sm text-ink-soft">{text}</p>
                </div>
              ))}
            </div>
          </div>
        </section>

        <section aria-labelledby="cta-title" className="bg-primary-50 py-16">
          <div className="mx-auto max-w-3xl px-4 text-center sm:px-6">
            <h2 id="cta-title" className="text-3xl font-bold tracking-tight text-ink">
              Ready to transform your healthcare facility?
            </h2>
            <p className="mt-3 text-ink-soft">Join the facilities that already run their day on CarePoint.</p>
            <div className="mt-8 flex flex-wrap justify-center gap-3">
              <SiteLink to="/login" className={buttonClass({ size: 'lg' })}>
                Get Started Now
              </SiteLink>
              <Button
                variant="secondary"
                size="lg"
                onClick={openDemo}
                onMouseEnter={() => void loadDemoDialog()}
                onFocus={() => void loadDemoDialog()}
              >
                Schedule Demo
              </Button>
            </div>
          </div>
        </section>
      </main>
      <PublicFooter />
      {demoMounted ? (
        <Suspense fallback={null}>
          <DemoRequestDialog open={demoOpen} onOpenChange={setDemoOpen} />
        </Suspense>
      ) : null}
    </div>
  );
}
