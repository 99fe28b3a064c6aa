import {
  HANDOVER_DEFAULT_HOURS,
  type Handover,
  type HandoverNote,
  type HandoverPatient,
  type HandoverTransfer,
  ROLE_AREAS,
  type Role,
  WARD_NOTE_MESSAGES,
} from '@carepoint/contract';
import { Printer } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Badge, StatusBadge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { PageHeader } from '@/components/ui/page-header';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { formatDateTime, formatTime } from '@/lib/format';
import { useLiveWards } from '../api';
import { useHandover } from './api';
import { NoteBadges, NoteBody } from './note-card';

/** How far back a handover may look from this screen (the API allows up to 7 days). */
const PERIODS = [8, 12, 24, 48, 72] as const;
const PERIOD_OPTIONS = PERIODS.map((hours) => ({ value: String(hours), label: `Last ${hours} hours` }));

const periodOf = (text: string | null) => {
  const hours = Number(text);
  return (PERIODS as readonly number[]).includes(hours) ? hours : HANDOVER_DEFAULT_HOURS;
};

/** The roles whose area has a stay's notes page (admins read the handover only). */
const notesPath = (role: Role | undefined, stayId: string) =>
  role === 'nurse' || role === 'doctor' ? `${ROLE_AREAS[role].path}/stays/${stayId}/notes` : undefined;

/** A part of the sheet: a card on screen, a plain section with a rule on paper. */
function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section
      aria-label={title}
      className="rounded-lg border border-border bg-surface p-4 shadow-sm print:rounded-none print:border-0 print:border-t print:px-0 print:pt-3 print:pb-0 print:shadow-none"
    >
      <h2 className="mb-3 text-base font-semibold text-ink print:mb-2 print:text-sm print:uppercase print:tracking-wide">
        {title}
      </h2>
      {children}
    </section>
  );
}

const Nothing = ({ children }: { children: ReactNode }) => (
  <p className="text-sm text-ink-muted">{children}</p>
);

function PatientName({ patient, role }: { patient: HandoverPatient; role: Role | undefined }) {
  const to = notesPath(role, patient.stayId);
  const age = patient.age === null ? '' : `, ${patient.age}`;
  return (
    <>
      {to ? (
        <Link
          to={to}
          className="font-medium text-primary-800 underline-offset-2 hover:underline print:text-ink print:no-underline"
        >
          {patient.patientName}
        </Link>
      ) : (
        <span className="font-medium text-ink">{patient.patientName}</span>
      )}
      <span className="text-ink-muted">{age}</span>
    </>
  );
}

const diagnosisOf = (p: HandoverPatient) =>
  p.diagnosis.code ? `${p.diagnosis.code} ${p.diagnosis.text}` : p.diagnosis.text;
const dayOf = (p: HandoverPatient) => `Day ${p.daysSinceAdmission}`;

/** Each occupied bed: a table on wide screens and on paper, cards on a phone. */
function Patients({ patients, role }: { patients: HandoverPatient[]; role: Role | undefined }) {
  if (patients.length === 0) return <Nothing>No patient is on the ward.</Nothing>;
  return (
    <>
      <table className="hidden w-full text-left text-sm md:table print:table print:text-xs">
        <thead className="border-b border-border text-xs text-ink-muted">
          <tr>
            <th className="py-2 pr-3 font-medium">Bed</th>
            <th className="py-2 pr-3 font-medium">Patient, age</th>
            <th className="py-2 pr-3 font-medium">Since admission</th>
            <th className="py-2 pr-3 font-medium">Diagnosis</th>
            <th className="py-2 font-medium">Doctor in charge</th>
          </tr>
        </thead>
        <tbody>
          {patients.map((p) => (
            <tr key={p.stayId} className="border-b border-border last:border-0 break-inside-avoid">
              <td className="py-2 pr-3 font-medium whitespace-nowrap text-ink">{p.bedLabel ?? '—'}</td>
              <td className="py-2 pr-3">
                <PatientName patient={p} role={role} />
              </td>
              <td className="py-2 pr-3 whitespace-nowrap">{dayOf(p)}</td>
              <td className="py-2 pr-3">{diagnosisOf(p)}</td>
              <td className="py-2">{p.doctor.name}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul aria-label="Patients" className="flex flex-col gap-2 md:hidden print:hidden">
        {patients.map((p) => (
          <li key={p.stayId} className="rounded-md border border-border p-3 text-sm">
            <p className="flex flex-wrap items-baseline justify-between gap-2">
              <span>
                <PatientName patient={p} role={role} />
              </span>
              <span className="text-xs text-ink-muted">
                {p.bedLabel ?? '—'} · {dayOf(p)}
              </span>
            </p>
            <p className="mt-1 text-ink-soft">{diagnosisOf(p)}</p>
            <p className="text-xs text-ink-muted">Dr {p.doctor.name}</p>
          </li>
        ))}
      </ul>
    </>
  );
}

function transferText(t: HandoverTransfer) {
  if (t.direction === 'Within') return `moved from ${t.fromBedLabel} to ${t.toBedLabel}`;
  if (t.direction === 'In') return `in from ${t.fromWardName} (${t.fromBedLabel}) to ${t.toBedLabel}`;
  return `out to ${t.toWardName} (${t.toBedLabel}) from ${t.fromBedLabel}`;
}

function Changes({ changes }: { changes: Handover['changes'] }) {
  const lists: Array<{ title: string; items: Array<{ key: string; at: string; text: ReactNode }> }> = [
    {
      title: 'Admissions',
      items: changes.admissions.map((a) => ({
        key: a.stayId,
        at: a.at,
        text: (
          <>
            <b className="font-medium">{a.patientName}</b> to {a.bedLabel}
          </>
        ),
      })),
    },
    {
      title: 'Transfers',
      items: changes.transfers.map((t) => ({
        key: `${t.stayId}-${t.at}`,
        at: t.at,
        text: (
          <>
            <b className="font-medium">{t.patientName}</b> {transferText(t)}
          </>
        ),
      })),
    },
    {
      title: 'Discharges',
      items: changes.discharges.map((d) => ({
        key: d.stayId,
        at: d.at,
        text: (
          <>
            <b className="font-medium">{d.patientName}</b>
            {d.disposition ? ` (${d.disposition})` : ''}
          </>
        ),
      })),
    },
  ];
  return (
    <div className="grid gap-4 md:grid-cols-3 print:grid-cols-3 print:gap-3">
      {lists.map((list) => (
        <div key={list.title} className="min-w-0">
          <h3 className="mb-1 text-sm font-medium text-ink-soft">{list.title}</h3>
          {list.items.length === 0 ? (
            <Nothing>None</Nothing>
          ) : (
            <ul className="flex flex-col gap-1 text-sm print:text-xs">
              {list.items.map((item) => (
                <li key={item.key}>
                  <time dateTime={item.at} className="mr-2 text-ink-muted tabular-nums">
                    {formatTime(item.at)}
                  </time>
                  {item.text}
                </li>
              ))}
            </ul>
          )}
        </div>
      ))}
    </div>
  );
}

/** By bed, as the ward's table lists its patients; a discharged patient (no bed) last. */
const byBed = (a: HandoverNote[], b: HandoverNote[]) =>
  (a[0]?.bedLabel ?? '\uffff').localeCompare(b[0]?.bedLabel ?? '\uffff', undefined, { numeric: true });

/** The notes of the window grouped by patient (by bed), each group in the order written. */
function Notes({ notes, total }: { notes: HandoverNote[]; total: number }) {
  if (notes.length === 0) return <Nothing>No note was written in this period.</Nothing>;
  const groups = new Map<string, HandoverNote[]>();
  for (const note of notes) groups.set(note.stayId, [...(groups.get(note.stayId) ?? []), note]);
  return (
    <div className="flex flex-col gap-4 print:gap-3">
      {total > notes.length ? (
        <p className="text-sm text-ink-muted">
          The newest {notes.length} of {total} notes; the others are on each patient's notes page.
        </p>
      ) : null}
      {[...groups.values()].sort(byBed).map((group) => {
        const first = group[0];
        if (!first) return null;
        return (
          <div key={first.stayId} className="min-w-0">
            <h3 className="mb-2 text-sm font-semibold text-ink">
              {first.patientName}
              {first.bedLabel ? (
                <span className="font-normal text-ink-muted"> · {first.bedLabel}</span>
              ) : null}
            </h3>
            <ol className="flex flex-col gap-2 border-l-2 border-border pl-3">
              {group.map((note) => (
                <li key={note.id} className="break-inside-avoid">
                  <div className="mb-1 flex flex-wrap items-center gap-2 text-xs text-ink-muted">
                    <time dateTime={note.writtenAt} className="tabular-nums">
                      {formatDateTime(note.writtenAt)}
                    </time>
                    <span>{note.author.name}</span>
                    <NoteBadges note={note} />
                  </div>
                  <NoteBody note={note} />
                </li>
              ))}
            </ol>
          </div>
        );
      })}
    </div>
  );
}

/**
 * The "What is due" part: for each patient, the latest NEWS2 (observations) and the doses due
 * and overdue (medication round), in bed order.
 */
function Due({ handover }: { handover: Handover }) {
  const byStay = new Map(handover.due.patients.map((d) => [d.stayId, d]));
  if (handover.patients.length === 0) return <Nothing>No patient is on the ward.</Nothing>;
  return (
    <ul className="flex flex-col gap-1.5 text-sm">
      {handover.patients.map((p) => {
        const due = byStay.get(p.stayId);
        const score = due?.news2 ? `NEWS2 ${due.news2.score} (${due.news2.risk})` : 'NEWS2 not yet recorded';
        const doses = due
          ? `${due.doses.due} dose${due.doses.due === 1 ? '' : 's'} due, ${due.doses.overdue} overdue`
          : '';
        return (
          <li key={p.stayId}>
            <b className="font-medium">{p.bedLabel ?? '—'}</b> {p.patientName}: {score}
            {doses ? `; ${doses}` : ''}
          </li>
        );
      })}
    </ul>
  );
}

function HandoverSheet({ handover, role }: { handover: Handover; role: Role | undefined }) {
  const { ward, changes } = handover;
  return (
    <article aria-label="Handover" className="flex flex-col gap-4 print:gap-3 print:text-ink">
      <header className="hidden print:block">
        <h1 className="text-lg font-bold">Shift handover: {ward.name}</h1>
        <p className="text-xs">
          {ward.kind} ward · from {formatDateTime(handover.since)} to {formatDateTime(handover.until)}
        </p>
      </header>
      <Part title={`On the ward (${handover.patients.length})`}>
        <div className="mb-3 flex flex-wrap items-center gap-2 text-sm">
          <span className="text-ink-soft">Nurses:</span>
          {handover.nurses.length === 0 ? (
            <span className="text-ink-muted">none assigned</span>
          ) : (
            handover.nurses.map((n) => (
              <span key={n.id} className="inline-flex items-center gap-1">
                {n.name} <StatusBadge status={n.dutyStatus} />
              </span>
            ))
          )}
        </div>
        <Patients patients={handover.patients} role={role} />
      </Part>
      <Part title="What changed">
        <Changes changes={changes} />
      </Part>
      <Part title={`Notes (${changes.notesTotal})`}>
        <Notes notes={changes.notes} total={changes.notesTotal} />
      </Part>
      <Part title="What is due">
        <Due handover={handover} />
      </Part>
    </article>
  );
}

/**
 * A ward's shift handover (/nurse/wards/:wardId/handover, and the doctors' and admins'): who is on
 * the ward, what changed in the period and the notes written, on a page that prints as a clean
 * A4 sheet (the shell hides itself on paper; Print is the browser's).
 */
export default function HandoverPage() {
  const { wardId = '' } = useParams();
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const hours = periodOf(params.get('hours'));
  const handover = useHandover(wardId, hours);
  // Admissions, moves, discharges and notes on other screens (the wards' live topic) show here at once.
  useLiveWards(user?.role ?? 'nurse');
  const data = handover.data;
  return (
    <>
      <div className="print:hidden">
        <PageHeader
          title={data ? `Handover: ${data.ward.name}` : 'Handover'}
          description={
            data ? (
              <span className="flex flex-wrap items-center gap-2">
                <Badge tone="slate">{data.ward.kind}</Badge>
                From {formatDateTime(data.since)} to {formatDateTime(data.until)}
              </span>
            ) : undefined
          }
          actions={
            <>
              <Select
                label="Period"
                hideLabel
                value={String(hours)}
                options={PERIOD_OPTIONS}
                onChange={(event) => setParams({ hours: event.target.value }, { replace: true })}
              />
              <Button variant="secondary" onClick={() => window.print()} disabled={!data}>
                <Printer aria-hidden size={16} /> Print
              </Button>
            </>
          }
        />
      </div>
      {data ? (
        <HandoverSheet handover={data} role={user?.role} />
      ) : handover.isError ? (
        <ErrorState
          message={errorMessage(handover.error, WARD_NOTE_MESSAGES.handoverLoadFailed)}
          onRetry={() => void handover.refetch()}
          retrying={handover.isFetching}
        />
      ) : (
        <div role="status" aria-label="Loading the handover" className="flex flex-col gap-4">
          <Skeleton className="h-40 w-full" />
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-40 w-full" />
        </div>
      )}
    </>
  );
}
