import { Download } from 'lucide-react';
import { buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

/** The patient's whole record as the FHIR API's Patient/{id}/$everything, served as a file. */
const healthRecordUrl = (patientId: string) =>
  `/fhir/R4/Patient/${encodeURIComponent(patientId)}/$everything?download=1`;

/** My Profile: take your own record elsewhere, in the format health software reads. */
export function HealthRecordDownload({ patientId }: { patientId: string }) {
  return (
    <Card title="Your health record" className="mt-4">
      <p className="max-w-prose text-sm text-ink-muted">
        One file with what CarePoint holds about you, in FHIR R4 JSON: the standard format that other clinics’
        systems and health apps can read.
      </p>
      {/* A plain download: the session cookie goes with it, and the server names the file. */}
      <a
        href={healthRecordUrl(patientId)}
        download
        className={buttonClass({ variant: 'secondary', className: 'mt-4' })}
      >
        <Download aria-hidden size={16} /> Download my health record (FHIR)
      </a>
    </Card>
  );
}
