import { CHART_MESSAGES, type PatientChart, RECORD_NUMBER_LABEL } from '@carepoint/contract';
import { AlertTriangle, Pencil } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Breakable } from '@/components/ui/breakable';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { Sheet } from '@/components/ui/sheet';
import { Skeleton } from '@/components/ui/skeleton';
import { usePatientChart } from '@/features/doctor/api/patients';
import { AdmitNowDialog } from '@/features/inpatient/components/admit-patient-dialogs';
import { PatientLabOrders } from '@/features/lab/components/patient-lab-orders';
import { ChartLabResults } from '@/features/lab-results/chart-lab-results';
import { errorMessage, isApiRequestError } from '@/lib/api-client';
import { formatDate, formatDateTime } from '@/lib/format';
import { ageText, calendarDate, measureText, NOT_RECORDED, pressureText } from './display';
import { MedicalDetailsForm } from './medical-details-form';
import { MedicalReportsTable } from './medical-reports-table';
import { VitalTrends } from './vital-trends';

function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  const id = `section-${title.replaceAll(' ', '-').toLowerCase()}`;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3 border-b border-border pb-5 last:border-b-0">
      <div className="flex items-center justify-between gap-2">
        <h3 id={id} className="text-base font-semibold text-ink">
          {title}
        </h3>
        {action}
      </div>
      {children}
    </section>
  );
}

/** Label above value; "Not recorded" in muted text when there is none. */
function Facts({ items }: { items: Array<[string, ReactNode]> }) {
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-3">
      {items.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs font-medium text-ink-muted">{label}</dt>
          <dd className="text-sm break-words text-ink">
            {value === null || value === '' ? <span className="text-ink-muted">{NOT_RECORDED}</span> : value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * A recorded allergy is a warning to whoever treats the patient: an alert in the danger colour
 * with its icon, read out when the chart opens, never a plain fact among the others.
 */
function AllergyAlert({ allergies }: { allergies: readonly string[] }) {
  if (allergies.length === 0) return null;
  return (
    <div
      role="alert"
      className="flex items-start gap-2 rounded-lg border border-danger-700 bg-danger-50 px-3 py-2 text-sm text-danger-800"
    >
      <AlertTriangle aria-hidden size={18} className="mt-0.5 shrink-0" />
      <p>
        <span className="font-semibold">Allergies:</span> {allergies.join(', ')}
      </p>
    </div>
  );
}

function LatestVitals({ vitals }: { vitals: PatientChart['vitals'] }) {
  const items: Array<[string, string | null, string | undefined]> = [
    ['Weight', measureText('weight', vitals.weight), vitals.weight?.recordedAt],
    ['Blood pressure', pressureText(vitals.bloodPressure), vitals.bloodPressure?.recordedAt],
    ['Blood glucose', measureText('bloodGlucose', vitals.bloodGlucose), vitals.bloodGlucose?.recordedAt],
    ['Heart rate', measureText('heartRate', vitals.heartRate), vitals.heartRate?.recordedAt],
    ['Temperature', measureText('temperature', vitals.temperature), vitals.temperature?.recordedAt],
    [
      'Oxygen saturation',
      measureText('oxygenSaturation', vitals.oxygenSaturation),
      vitals.oxygenSaturation?.recordedAt,
    ],
    [
      'Respiratory rate',
      measureText('respiratoryRate', vitals.respiratoryRate),
      vitals.respiratoryRate?.recordedAt,
    ],
    ['Height', measureText('height', vitals.height), vitals.height?.recordedAt],
  ];
  return (
    <div>
      <h4 className="mb-2 text-sm font-medium text-ink-soft">Latest measurements</h4>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {items.map(([label, value, at]) => (
          <div key={label} className="rounded-md bg-muted px-3 py-2">
            <dt className="text-xs text-ink-muted">{label}</dt>
            <dd className={value ? 'text-sm font-semibold text-ink' : 'text-sm text-ink-muted'}>
              {value ?? '—'}
              {at ? <span className="block text-xs font-normal text-ink-muted">{formatDate(at)}</span> : null}
              {value ? null : <span className="sr-only">{NOT_RECORDED}</span>}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function ChartBody({ chart }: { chart: PatientChart }) {
  const [editing, setEditing] = useState(false);
  const [admitting, setAdmitting] = useState(false);
  const { patient, medical } = chart;
  const born = calendarDate(patient.dateOfBirth);
  const age = ageText(patient.age);
  return (
    <div className="flex flex-col gap-5">
      <div>
        <Button variant="secondary" size="sm" onClick={() => setAdmitting(true)}>
          Admit to a ward
        </Button>
        <AdmitNowDialog
          open={admitting}
          onOpenChange={setAdmitting}
          patient={{ id: patient.id, name: patient.fullName }}
        />
      </div>
      <Section title="Personal details">
        <Facts
          items={[
            ['First name', patient.firstName],
            ['Last name', patient.lastName],
            ['Email', <Breakable key="email" text={patient.email} />],
            ['Phone no.', patient.phone],
            ['Date of birth', born],
            ['Age', age],
          ]}
        />
      </Section>
      <Section
        title="Medical details"
        action={
          editing ? null : (
            <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
              <Pencil aria-hidden size={14} /> Edit
            </Button>
          )
        }
      >
        {editing ? (
          <MedicalDetailsForm chart={chart} onDone={() => setEditing(false)} />
        ) : (
          <>
            <Facts
              items={[
                ['Treatment', medical.treatment],
                ['Any ongoing surgeries', medical.ongoingSurgeries],
                ['Blood group', medical.bloodGroup],
                ['Last visited', chart.lastVisitedAt ? formatDateTime(chart.lastVisitedAt) : null],
                // Said as an alert below when there are any; "None recorded" is a fact like the others.
                ...(medical.allergies.length > 0 ? [] : [['Allergies', 'None recorded'] as [string, string]]),
              ]}
            />
            <AllergyAlert allergies={medical.allergies} />
            <LatestVitals vitals={chart.vitals} />
            {medical.updatedAt ? (
              <p className="text-xs text-ink-muted">
                Updated {formatDateTime(medical.updatedAt)}
                {medical.updatedBy ? ` by ${medical.updatedBy}` : ''}
              </p>
            ) : null}
          </>
        )}
      </Section>
      <Section title="Vitals over time">
        <VitalTrends patientId={patient.id} />
      </Section>
      <Section title="Lab orders">
        <PatientLabOrders origin={{ patientId: patient.id, patientName: patient.fullName }} viewer="doctor" />
      </Section>
      <Section title="Laboratory results">
        <ChartLabResults patientId={patient.id} />
      </Section>
      <Section title="Medical reports">
        <MedicalReportsTable patientId={patient.id} firstPage={chart.reports} />
      </Section>
    </div>
  );
}

function ChartSkeleton() {
  return (
    <div aria-hidden className="flex flex-col gap-4">
      {[0, 1, 2].map((block) => (
        <div key={block} className="flex flex-col gap-3">
          <Skeleton className="h-5 w-40" />
          <div className="grid grid-cols-2 gap-3">
            <Skeleton className="h-9" />
            <Skeleton className="h-9" />
            <Skeleton className="h-9" />
            <Skeleton className="h-9" />
          </div>
        </div>
      ))}
    </div>
  );
}

/**
 * The patient detail side drawer (docs/areas/doctor-patients-chart.md), opened by View Details:
 * the patient's real chart. Each opening reads the chart afresh (the server audits every view).
 */
export function PatientDrawer({ patientId, onClose }: { patientId: string | null; onClose: () => void }) {
  const chart = usePatientChart(patientId);
  const { data } = chart;
  const notFound = isApiRequestError(chart.error) && chart.error.status === 404;

  return (
    <Sheet
      open={patientId !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={data ? data.patient.fullName : 'Patient details'}
      description={
        data ? (
          // "Patient" stays a text of its own; the record number follows it.
          <>
            <span>Patient</span>
            <span aria-hidden> · </span>
            <span>
              {RECORD_NUMBER_LABEL} {data.patient.recordNumber}
            </span>
          </>
        ) : (
          'Patient'
        )
      }
      leading={
        data ? (
          <Avatar name={data.patient.fullName} imageUrl={data.patient.imageUrl} size="lg" decorative />
        ) : null
      }
    >
      {data ? (
        <ChartBody key={data.patient.id} chart={data} />
      ) : chart.isError ? (
        <ErrorState
          message={notFound ? 'Patient not found' : errorMessage(chart.error, CHART_MESSAGES.chartFailed)}
          onRetry={notFound ? undefined : () => void chart.refetch()}
          retrying={chart.isFetching}
        />
      ) : (
        <ChartSkeleton />
      )}
    </Sheet>
  );
}
