import { MARKETING } from '@carepoint/contract';
import { CalendarCheck, ClipboardList, HeartPulse, ShieldCheck, Siren, Stethoscope } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { PublicFooter } from '@/features/public/components/public-footer';
import { PublicHeader } from '@/features/public/components/public-header';

const AUDIENCES = [
  {
    icon: Stethoscope,
    title: 'For doctors',
    points: [
      'A dashboard of today: appointments, waiting emergency patients and recent prescriptions',
      'Prescriptions, diagnosis tests and reports that print cleanly',
      'A weekly schedule that decides which times patients can book',
    ],
  },
  {
    icon: ClipboardList,
    title: 'For administrators',
    points: [
      'Doctors, nurses, ambulances, beds and patients managed in one place',
      'Live emergency room and department queues',
      'Operational analytics computed from real records, and an audit trail',
    ],
  },
  {
    icon: CalendarCheck,
    title: 'For patients',
    points: [
      'Sign up in a minute and book appointments from a phone',
      'See upcoming appointments and prescriptions at a glance',
      'Keep your contact details up to date yourself',
    ],
  },
] as const;

export default function AboutPage() {
  useEffect(() => {
    document.title = 'About · CarePoint';
  }, []);
  return (
    <div className="min-h-screen bg-surface">
      <PublicHeader />
      <main className="pt-16">
        <section className="bg-gradient-to-b from-primary-50 to-surface py-16 sm:py-20">
          <div className="mx-auto max-w-3xl px-4 text-center sm:px-6">
            <h1 className="text-4xl font-bold tracking-tight text-ink">About CarePoint</h1>
            <p className="mt-5 text-lg text-ink-soft">
              CarePoint is a hospital and clinic management application. It gives doctors, administrators and
              patients one calm, secure place for the work of a healthcare facility: records, appointments,
              emergency care, queues, prescriptions, reports and the numbers that show how the day is going.
            </p>
          </div>
        </section>

        <section aria-labelledby="who-title" className="py-16">
          <div className="mx-auto max-w-6xl px-4 sm:px-6">
            <h2 id="who-title" className="text-center text-2xl font-bold text-ink">
              Who it is for
            </h2>
            <div className="mt-10 grid gap-6 md:grid-cols-3">
              {AUDIENCES.map(({ icon: Icon, title, points }) => (
                <article key={title} className="rounded-lg border border-border p-6 shadow-sm">
                  <span className="inline-flex rounded-lg bg-primary-50 p-3 text-primary-700">
                    <Icon aria-hidden size={24} />
                  </span>
                  <h3 className="mt-4 text-lg font-semibold text-ink">{title}</h3>
                  <ul className="mt-3 list-disc space-y-2 pl-5 text-sm text-ink-soft">
                    {points.map((point) => (
                      <li key={point}>{point}</li>
                    ))}
                  </ul>
                </article>
              ))}
            </div>
          </div>
        </section>

        <section aria-labelledby="principles-title" className="bg-canvas py-16">
          <div className="mx-auto grid max-w-6xl gap-10 px-4 sm:px-6 md:grid-cols-3">
            <div>
              <h2 id="principles-title" className="text-2xl font-bold text-ink">
                How we build it
              </h2>
              <p className="mt-3 text-sm text-ink-soft">
                Trusted by {MARKETING.facilities} healthcare facilities and {MARKETING.patients} patients,
                with a {MARKETING.satisfaction} satisfaction rate and {MARKETING.support} support.
              </p>
            </div>
            <div className="flex gap-4">
              <ShieldCheck aria-hidden size={28} className="shrink-0 text-primary-700" />
              <div>
                <h3 className="font-semibold text-ink">Secure by default</h3>
                <p className="mt-1 text-sm text-ink-soft">
                  Every request is checked on the server against the user's role; patients only ever see their
                  own records, and every access to clinical data is written to an audit trail.
                </p>
              </div>
            </div>
            <div className="flex gap-4">
              <Siren aria-hidden size={28} className="shrink-0 text-primary-700" />
              <div>
                <h3 className="font-semibold text-ink">Made for pressure</h3>
                <p className="mt-1 text-sm text-ink-soft">
                  Triage rules, emergency-room boards and queue times are computed from stored records, so
                  every screen agrees, after a reload and for every user.
                </p>
              </div>
            </div>
          </div>
        </section>

        <section className="py-16">
          <div className="mx-auto max-w-3xl px-4 text-center sm:px-6">
            <HeartPulse aria-hidden size={32} className="mx-auto text-primary-700" />
            <h2 className="mt-3 text-2xl font-bold text-ink">Ready to see it?</h2>
            <div className="mt-6 flex flex-wrap justify-center gap-3">
              <Link to="/login" className={buttonClass({ size: 'lg' })}>
                Get Started
              </Link>
              <Link to="/signup" className={buttonClass({ size: 'lg', variant: 'secondary' })}>
                Register
              </Link>
            </div>
          </div>
        </section>
      </main>
      <PublicFooter />
    </div>
  );
}
