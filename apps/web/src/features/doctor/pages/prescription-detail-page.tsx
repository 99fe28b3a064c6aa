import { Download, Pencil, Printer } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Button, buttonClass } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import {
  prescriptionPdfUrl,
  usePrescription,
  usePrescriptionLiveUpdates,
} from '@/features/doctor/api/prescriptions';
import { PrescriptionSheet } from '@/features/doctor/components/prescriptions/prescription-sheet';
import {
  backToList,
  PrescriptionLoadState,
} from '@/features/doctor/components/prescriptions/prescription-state';

/**
 * Prescription Details (/doctor/prescription/{id}): the printable prescription with Print (the
 * browser's, on a page without the app around it) and Download PDF (made by the server). Live:
 * what the pharmacy hands over of the doctor's own prescription shows without a reload.
 */
export default function PrescriptionDetailsPage() {
  const { id = '' } = useParams();
  usePrescriptionLiveUpdates();
  const query = usePrescription(id);
  if (!query.data) return <PrescriptionLoadState title="Prescription Details" query={query} />;
  const { prescription, facility } = query.data;
  return (
    <>
      <div className="print:hidden">
        <PageHeader
          title="Prescription Details"
          description={`${prescription.patient.name}, by ${prescription.doctor.name}`}
          actions={
            <div className="flex flex-wrap gap-2">
              {backToList}
              {prescription.mine ? (
                <Link
                  to={`/doctor/prescription/${prescription.id}/edit`}
                  className={buttonClass({ variant: 'secondary', size: 'sm' })}
                >
                  <Pencil aria-hidden size={16} /> Edit
                </Link>
              ) : null}
              <Button variant="secondary" size="sm" onClick={() => window.print()}>
                <Printer aria-hidden size={16} /> Print
              </Button>
              <a href={prescriptionPdfUrl(prescription.id)} download className={buttonClass({ size: 'sm' })}>
                <Download aria-hidden size={16} /> Download PDF
              </a>
            </div>
          }
        />
      </div>
      <PrescriptionSheet prescription={prescription} facility={facility} />
    </>
  );
}
