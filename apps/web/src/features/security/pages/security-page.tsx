import { ConnectedApps } from '@/components/connected-apps';
import { PageHeader } from '@/components/ui/page-header';
import { PasskeysSection } from '@/features/security/components/passkeys-section';
import { SessionsSection } from '@/features/security/components/sessions-section';
import { TwoFactorSection } from '@/features/security/components/two-factor-section';

/**
 * Security: how this person signs in and where they are signed in. Every signed-in area
 * (admin, doctor, patient) mounts this one page inside its shell at /<area>/security, reached
 * from the user menu. Each part is a section of its own in ../components.
 */
export default function SecurityPage() {
  return (
    <>
      <PageHeader title="Security" />
      <div className="flex max-w-3xl flex-col gap-6">
        <TwoFactorSection />
        <PasskeysSection />
        <SessionsSection />
        <ConnectedApps />
      </div>
    </>
  );
}
