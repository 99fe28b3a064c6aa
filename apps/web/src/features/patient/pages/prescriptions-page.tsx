import {
  PATIENT_PRESCRIPTION_SORTABLE,
  PRESCRIPTIONS_PAGE_SIZE,
  type PrescriptionRow,
} from '@carepoint/contract';
import { Download, Eye } from 'lucide-react';
import { columnsFor, ListTable, withSorting } from '@/components/data-table';
import { buttonClass } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { myPrescriptionPdfUrl, myPrescriptionsQuery } from '@/features/patient/api/prescriptions';
import { formatDate } from '@/lib/format';

const col = columnsFor<PrescriptionRow>();

/**
 * My Prescriptions (/patient/prescriptions): the patient's own prescriptions, newest first,
 * each to view (the PDF in the browser) or download as a PDF.
 */
export default function MyPrescriptionsPage() {
  const columns = withSorting<PrescriptionRow>(PATIENT_PRESCRIPTION_SORTABLE, [
    col.dateTime('addedAt', 'Date', (r) => r.addedAt),
    col.text('doctor', 'Doctor', (r) => r.doctor.name),
    {
      id: 'medicines',
      header: 'Medicines',
      cell: ({ row }) => (
        <span className="block max-w-64 truncate" title={row.original.medicines}>
          {row.original.medicines}
        </span>
      ),
    },
    {
      id: 'pharmacy',
      header: 'Pharmacy',
      cell: ({ row }) => <span className="block max-w-64">{row.original.pharmacy}</span>,
    },
    col.status('status', 'Status', (r) => (r.status ? 'Active' : 'Inactive')),
    col.actions((r) => (
      <>
        <a
          href={myPrescriptionPdfUrl(r.id, 'inline')}
          target="_blank"
          rel="noopener"
          className={buttonClass({ variant: 'ghost', size: 'sm' })}
          aria-label={`View the prescription of ${formatDate(r.addedAt)} by ${r.doctor.name}`}
        >
          <Eye aria-hidden size={16} /> View
        </a>
        <a
          href={myPrescriptionPdfUrl(r.id)}
          download
          className={buttonClass({ variant: 'secondary', size: 'sm' })}
          aria-label={`Download the prescription of ${formatDate(r.addedAt)} by ${r.doctor.name} as PDF`}
        >
          <Download aria-hidden size={16} /> PDF
        </a>
      </>
    )),
  ]);

  return (
    <>
      <PageHeader title="My Prescriptions" description="What your doctors prescribed, newest first." />
      <ListTable
        query={myPrescriptionsQuery}
        label="My prescriptions"
        columns={columns}
        defaultLimit={PRESCRIPTIONS_PAGE_SIZE}
        searchable={false}
      />
    </>
  );
}
