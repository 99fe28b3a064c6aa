import { type PatientDetail, RECORD_NUMBER_LABEL } from '@carepoint/contract';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { CoverageCard } from '@/components/patient-coverage/coverage-card';
import { StatusBadge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { usePatientDetail } from '@/features/admin/api/patients';
import { DeskBookButton } from '@/features/admin/components/desk-appointment-dialogs';
import { EndSessionsButton } from '@/features/admin/components/end-sessions-button';
import { EditPatientDialog } from '@/features/admin/components/patient-dialog';
import { ResetTwoFactorButton } from '@/features/admin/components/reset-two-factor-button';
import { errorMessage } from '@/lib/api-client';
import { capitalised, formatCalendarDate, formatDate, formatDateTime } from '@/lib/format';
import { useRowDialog } from '@/lib/use-row-dialog';

type Patient = PatientDetail['patient'];

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-ink-muted">{label}</dt>
      <dd className="mt-0.5 break-words text-sm text-ink">{children || '—'}</dd>
    </div>
  );
}

function Profile({ patient }: { patient: Patient }) {
  return (
    <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      <Field label={RECORD_NUMBER_LABEL}>{patient.recordNumber}</Field>
      <Field label="Email">{patient.email}</Field>
      <Field label="Phone">{patient.phone}</Field>
      <Field label="Date of birth">
        {patient.dateOfBirth ? `${formatCalendarDate(patient.dateOfBirth)} (${patient.age} years)` : null}
      </Field>
      <Field label="Gender">{patient.gender ? capitalised(patient.gender) : null}</Field>
      <Field label="Address">{patient.address}</Field>
      <Field label="Registered">{formatDate(patient.createdAt)}</Field>
    </dl>
  );
}

/** A compact table of a few rows (the latest of a list), with its empty text. */
function MiniTable({
  label,
  head,
  rows,
  empty,
}: {
  label: string;
  head: string[];
  rows: Array<{ id: string; cells: ReactNode[] }>;
  empty: string;
}) {
  if (rows.length === 0) return <p className="px-4 py-3 text-sm text-ink-muted">{empty}</p>;
  return (
    <div className="overflow-x-auto">
      <table aria-label={label} className="w-full text-sm">
        <thead className="bg-muted text-left text-xs text-ink-muted">
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className="px-4 py-2 font-medium">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className="h-10 border-t border-border">
              {row.cells.map((cell, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional.
                <td key={i} className="px-4 py-2">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const latest = (shown: number, total: number) => (total > shown ? `latest ${shown} of ${total}` : `${total}`);

/** /admin/patients/:id: the patient's record, bed, appointments and ER visits, with Edit and Book. */
export default function PatientDetailPage() {
  const { id = '' } = useParams();
  const detail = usePatientDetail(id);
  const editing = useRowDialog<Patient>();
  const back = (
    <Link
      to="/admin/patients"
      className="inline-flex items-center gap-1 text-sm text-primary-700 hover:underline"
    >
      <ArrowLeft aria-hidden size={14} /> Manage Patients
    </Link>
  );
  if (detail.isPending) {
    return (
      <div className="flex flex-col gap-4" aria-busy="true">
        {back}
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-32 w-full" />
      </div>
    );
  }
  if (detail.isError) {
    return (
      <div className="flex flex-col gap-4">
        {back}
        <ErrorState
          message={errorMessage(detail.error, 'Could not load the patient')}
          onRetry={() => void detail.refetch()}
        />
      </div>
    );
  }
  const { patient, bed, appointments, erVisits } = detail.data;
  return (
    <div className="flex flex-col gap-4">
      {back}
      <PageHeader
        title={patient.fullName}
        description={
          <span className="inline-flex flex-wrap items-center gap-2">
            <StatusBadge status={patient.status} />
            {bed ? <span>Bed {bed.label}</span> : null}
            {patient.accountStatus === 'Inactive' ? <StatusBadge status="Inactive" /> : null}
          </span>
        }
        actions={
          <>
            <Button variant="secondary" onClick={() => editing.edit(patient)}>
              Edit
            </Button>
            {patient.hasSecondFactor ? (
              <ResetTwoFactorButton userId={patient.id} name={patient.fullName} />
            ) : null}
            <DeskBookButton patient={{ id: patient.id, name: patient.fullName }} />
            <EndSessionsButton person={{ id: patient.id, name: patient.fullName }} />
          </>
        }
      />
      <Card title="Profile">
        <Profile patient={patient} />
      </Card>
      <CoverageCard patientId={patient.id} />
      <Card
        title={`Appointments (${latest(appointments.data.length, appointments.total)})`}
        actions={
          <Link
            className="text-sm text-primary-700 hover:underline"
            to={`/admin/appointments?patientId=${patient.id}`}
          >
            Open in the desk
          </Link>
        }
        flush
      >
        <MiniTable
          label="Appointments"
          head={['Date', 'Time', 'Doctor', 'Title', 'Status']}
          empty="No appointments yet."
          rows={appointments.data.map((a) => ({
            id: a.id,
            cells: [
              <span key="d" className="whitespace-nowrap">
                {formatCalendarDate(a.date)}
              </span>,
              a.time,
              a.doctorName,
              a.title,
              <StatusBadge key="s" status={a.status} />,
            ],
          }))}
        />
      </Card>
      <Card title={`Emergency room visits (${latest(erVisits.data.length, erVisits.total)})`} flush>
        <MiniTable
          label="Emergency room visits"
          head={['Arrived', 'Triage', 'Status', 'Complaint']}
          empty="No emergency room visits."
          rows={erVisits.data.map((v) => ({
            id: v.id,
            cells: [
              formatDateTime(v.arrivedAt),
              <StatusBadge key="t" status={v.triageLevel} />,
              <StatusBadge key="s" status={v.status} />,
              v.complaint || '—',
            ],
          }))}
        />
      </Card>
      {editing.row ? <EditPatientDialog patient={editing.row} {...editing.dialogProps} /> : null}
    </div>
  );
}
