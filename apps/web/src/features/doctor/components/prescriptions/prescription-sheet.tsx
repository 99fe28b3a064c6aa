import {
  ALLERGY_OVERRIDE_LABEL,
  allergyOverrideText,
  birthFields,
  codedDiagnosisLabel,
  type Facility,
  formatNextVisit,
  ICD10CM_NAME,
  notStockedMark,
  type Prescription,
  supplyText,
  VITAL_RANGES,
} from '@carepoint/contract';
import type { ReactNode } from 'react';
import { formatDate, formatDateTime } from '@/lib/format';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <dt className="text-xs font-medium tracking-wide text-ink-muted uppercase">{label}</dt>
      <dd className="text-sm break-words text-ink">{children || '—'}</dd>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-6 break-inside-avoid print:mt-4">
      <h2 className="mb-3 border-b border-border pb-1 text-base font-semibold text-ink">{title}</h2>
      {children}
    </section>
  );
}

const withUnit = (value: number | null, unit: string) => (value === null ? null : `${value} ${unit}`);

const MEDICINE_COLUMNS = ['Medicine', 'Dosage', 'Duration', 'Time', 'Interval', 'Comment'] as const;
type Medicine = Prescription['medicines'][number];

/** What the pharmacy handed over of a medicine and what it still owes (on screen; the print is the prescription). */
function SupplyNote({ medicine }: { medicine: Medicine }) {
  if (!medicine.supply) return null;
  return (
    <span
      className={`block text-xs font-normal print:hidden ${medicine.supply.owed > 0 ? 'text-warning-800' : 'text-ink-muted'}`}
    >
      Pharmacy: {supplyText(medicine.supply)} ({medicine.supply.medicine.label})
    </span>
  );
}

/** Under a medicine written outside the formulary, on screen and on paper, as the PDF prints it. */
function NotStockedNote({ medicine }: { medicine: Medicine }) {
  const mark = notStockedMark(medicine);
  return mark ? <span className="block text-xs font-medium text-warning-900">{mark}</span> : null;
}

/** The medicines as a table: from a tablet's width up, and always on paper. */
function MedicineTable({ medicines }: { medicines: Medicine[] }) {
  return (
    <table className="hidden w-full text-left text-sm sm:table print:table">
      <thead className="text-xs text-ink-muted uppercase">
        <tr className="border-b border-border">
          {MEDICINE_COLUMNS.map((h) => (
            <th key={h} scope="col" className="py-2 pr-3 font-medium">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {medicines.map((m) => (
          <tr key={m.id} className="border-b border-border align-top">
            <td className="py-2 pr-3 font-medium text-ink">
              {m.name}
              <NotStockedNote medicine={m} />
              <SupplyNote medicine={m} />
            </td>
            <td className="py-2 pr-3">{m.dosage}</td>
            <td className="py-2 pr-3">{m.duration}</td>
            <td className="py-2 pr-3">{m.time}</td>
            <td className="py-2 pr-3">{m.interval}</td>
            <td className="py-2 pr-3">{m.comment ?? '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The medicines on a phone's screen: one block each, labelled as the table's columns are, so
 * the sheet never scrolls sideways (six columns do not fit 390 px).
 */
function MedicineCards({ medicines }: { medicines: Medicine[] }) {
  return (
    <ul aria-label="Medicines" className="flex flex-col gap-3 sm:hidden print:hidden">
      {medicines.map((m) => (
        <li key={m.id} className="rounded-md border border-border p-3">
          <p className="text-sm font-semibold text-ink">
            {m.name}
            <NotStockedNote medicine={m} />
            <SupplyNote medicine={m} />
          </p>
          <dl className="mt-2 grid grid-cols-2 gap-2">
            <Field label="Dosage">{m.dosage}</Field>
            <Field label="Duration">{m.duration}</Field>
            <Field label="Time">{m.time}</Field>
            <Field label="Interval">{m.interval}</Field>
          </dl>
          {m.comment ? (
            <dl className="mt-2">
              <Field label="Comment">{m.comment}</Field>
            </dl>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * The printable prescription (spec "Prescription Details"): the same letterhead, people,
 * sections and signature line as the PDF. On paper it is the whole page (the shell hides
 * itself when printing) and fits one A4 sheet for a usual prescription.
 */
export function PrescriptionSheet({
  prescription: p,
  facility,
}: {
  prescription: Prescription;
  facility: Facility;
}) {
  const info = p.physicalInfo;
  return (
    <article
      aria-label="Prescription"
      className="mx-auto max-w-3xl rounded-lg border border-border bg-surface p-5 shadow-sm sm:p-8 print:max-w-none print:border-0 print:p-0 print:shadow-none"
    >
      <header className="border-b border-border pb-3">
        <p className="text-xl font-bold text-ink">{facility.name}</p>
        {facility.address || facility.phone ? (
          <p className="text-xs text-ink-muted">
            {[facility.address, facility.phone].filter(Boolean).join(' · ')}
          </p>
        ) : null}
      </header>
      <h1 className="mt-4 text-lg font-bold text-ink">Prescription</h1>
      <dl className="mt-3 grid grid-cols-2 gap-3">
        <Field label="Patient">{p.patient.name}</Field>
        <Field label="Date">{formatDate(p.addedAt)}</Field>
        <Field label="Patient e-mail">{p.patient.email}</Field>
        <Field label="Doctor">{p.doctor.name}</Field>
        {birthFields(p.patient).map(([label, value]) => (
          <Field key={label} label={label}>
            {value}
          </Field>
        ))}
      </dl>

      <Section title="Physical Information">
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          <Field label="Blood pressure">
            {info.bloodPressure ? `${info.bloodPressure} ${VITAL_RANGES.systolic.unit}` : null}
          </Field>
          <Field label="Pulse rate">{withUnit(info.pulseRate, VITAL_RANGES.heartRate.unit)}</Field>
          <Field label="Temperature">{withUnit(info.temperature, VITAL_RANGES.temperature.unit)}</Field>
          <Field label="Diabetic">{info.diabetic}</Field>
          <Field label="Recorded allergies">
            {p.recordedAllergies.length ? p.recordedAllergies.join(', ') : 'None recorded'}
          </Field>
          <Field label="Food allergies">{info.foodAllergies}</Field>
          <Field label="Current medication">{info.currentMedication}</Field>
        </dl>
        <dl className="mt-3 flex flex-col gap-3">
          <Field label={`Diagnosis (${ICD10CM_NAME})`}>
            {p.diagnosis ? codedDiagnosisLabel(p.diagnosis) : null}
          </Field>
          <Field label="Problem description">{info.problemDescription}</Field>
        </dl>
      </Section>

      <Section title="Medicines">
        <MedicineTable medicines={p.medicines} />
        <MedicineCards medicines={p.medicines} />
        {p.allergyOverride ? (
          <div
            role="note"
            aria-label={ALLERGY_OVERRIDE_LABEL}
            className="mt-3 rounded-md border border-warning-800 bg-warning-50 p-3 text-sm text-warning-900 print:bg-transparent"
          >
            <p className="text-xs font-medium tracking-wide uppercase">{ALLERGY_OVERRIDE_LABEL}</p>
            <p className="font-semibold">{allergyOverrideText(p.allergyOverride, formatDateTime)}</p>
          </div>
        ) : null}
      </Section>

      <Section title="Additional Information">
        <dl className="grid grid-cols-2 gap-3">
          <Field label="Test">{p.test}</Field>
          <Field label="Next visit">{p.nextVisit ? `In ${formatNextVisit(p.nextVisit)}` : null}</Field>
        </dl>
        <dl className="mt-3">
          <Field label="Advice">{p.advice}</Field>
        </dl>
      </Section>

      <footer className="mt-12 break-inside-avoid print:mt-10">
        <div className="w-56 border-t border-ink pt-1">
          <p className="text-sm font-semibold text-ink">{p.doctor.name}</p>
          <p className="text-xs text-ink-muted">Signature and stamp</p>
        </div>
      </footer>
    </article>
  );
}
