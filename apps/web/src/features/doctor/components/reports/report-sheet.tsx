import { REPORT_KIND_LABELS, REPORT_MESSAGES, type Report } from '@carepoint/contract';
import { Pencil, Trash2, Upload } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import toast from 'react-hot-toast';
import { StatusBadge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorState } from '@/components/ui/error-state';
import { Sheet } from '@/components/ui/sheet';
import { Skeleton } from '@/components/ui/skeleton';
import { useDeleteReport, useRemoveAttachment, useReport } from '@/features/doctor/api/reports';
import { ShareWithPatient } from '@/features/doctor/components/share-with-patient';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { AttachmentList, FilePicker } from './attachments';
import { formatDay, PersonLine } from './report-columns';
import { ReportFormDialog } from './report-form-dialog';
import { useUploadFiles } from './use-upload-files';

/** Every field of the report, by kind. */
function factsOf(report: Report): Array<[string, ReactNode]> {
  const when = report.time ? `${formatDay(report.date)}, ${report.time}` : formatDay(report.date);
  const doctor = <PersonLine key="doctor" person={report.doctor} />;
  const common: Array<[string, ReactNode]> = [
    [
      'Case ID',
      <span key="case" className="font-mono">
        {report.caseId}
      </span>,
    ],
  ];
  switch (report.kind) {
    case 'birth':
      return [
        ...common,
        ['Mother', <PersonLine key="patient" person={report.patient} />],
        ["Child's name", report.childName],
        ['Date and time', when],
        ['Sex', report.sex],
        ['Weight', report.weightKg === null ? null : `${report.weightKg} kg`],
        ['Delivery', report.delivery],
        ['Doctor', doctor],
      ];
    case 'death':
      return [
        ...common,
        ['Patient', <PersonLine key="patient" person={report.patient} />],
        ['Date and time', when],
        ['Cause', report.cause],
        ['Certifying doctor', doctor],
      ];
    case 'investigation':
      return [
        ...common,
        ['Patient', <PersonLine key="patient" person={report.patient} />],
        ['Title', report.title],
        ['Date', when],
        ['Status', report.status ? <StatusBadge key="status" status={report.status} /> : null],
        ['Requested by', doctor],
      ];
    case 'operation':
      return [
        ...common,
        ['Patient', <PersonLine key="patient" person={report.patient} />],
        ['Procedure', report.title],
        ['Date', when],
        ['Outcome', report.outcome ? <StatusBadge key="outcome" status={report.outcome} /> : null],
        ['Surgeon', doctor],
      ];
  }
}

function Body({ report }: { report: Report }) {
  const remove = useRemoveAttachment(report.id);
  const files = useUploadFiles();
  const [chosen, setChosen] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const uploadChosen = async () => {
    const stored = await files.uploadAll(report.id, chosen);
    if (stored) toast.success(`${REPORT_MESSAGES.uploaded} (${stored})`);
    setChosen([]);
  };
  return (
    <div className="flex flex-col gap-6">
      <dl className="grid grid-cols-1 gap-x-4 gap-y-3 sm:grid-cols-2">
        {factsOf(report).map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-xs font-medium text-ink-muted">{label}</dt>
            <dd className="mt-0.5 text-sm text-ink">{value ?? '—'}</dd>
          </div>
        ))}
      </dl>
      <div>
        <h3 className="text-xs font-medium text-ink-muted">Notes</h3>
        <p className="mt-0.5 text-sm whitespace-pre-wrap text-ink">{report.notes ?? '—'}</p>
      </div>
      <ShareWithPatient
        kind="report"
        id={report.id}
        shared={report.sharedWithPatient}
        canChange={report.canEdit}
      />
      <section aria-labelledby="report-attachments" className="flex flex-col gap-3">
        <h3 id="report-attachments" className="text-sm font-semibold text-ink">
          Attachments
        </h3>
        <AttachmentList
          files={report.attachments}
          removing={remove.isPending ? (remove.variables ?? null) : null}
          onRemove={
            report.canEdit
              ? (file) =>
                  remove.mutate(file.id, {
                    onSuccess: () => toast.success(`${REPORT_MESSAGES.removed}: ${file.name}`),
                  })
              : undefined
          }
        />
        {report.canEdit ? (
          <div className="flex flex-col gap-2 rounded-lg border border-dashed border-border p-3">
            <FilePicker
              label="Add attachments"
              files={chosen}
              onChange={setChosen}
              error={fileError}
              onError={setFileError}
              disabled={files.uploading}
            />
            <div className="flex items-center gap-3">
              <Button
                size="sm"
                onClick={() => void uploadChosen()}
                disabled={chosen.length === 0}
                loading={files.uploading}
              >
                <Upload aria-hidden size={16} /> Upload
              </Button>
              {files.status ? (
                <span role="status" className="text-sm text-ink-muted">
                  {files.status}
                </span>
              ) : null}
            </div>
          </div>
        ) : null}
      </section>
      <p className="text-xs text-ink-muted">
        Written by Dr {report.author.name} · saved {formatDateTime(report.createdAt)}
        {report.updatedAt !== report.createdAt ? ` · updated ${formatDateTime(report.updatedAt)}` : ''}
      </p>
    </div>
  );
}

/** A report's detail in a side sheet, opened from its row: every field and its files; edit and delete for its author. */
export function ReportSheet({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { data, isPending, isError, error, refetch, isFetching } = useReport(id);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteReport();
  const report = data && data.id === id ? data : null;
  return (
    <>
      <Sheet
        open={id !== null}
        onOpenChange={(open) => !open && onClose()}
        title={report ? `${REPORT_KIND_LABELS[report.kind]} Report ${report.caseId}` : 'Report'}
        description={report ? `${report.patient.name}` : undefined}
        size="md"
        footer={
          report?.canEdit ? (
            <>
              <Button variant="danger" onClick={() => setConfirming(true)}>
                <Trash2 aria-hidden size={16} /> Delete
              </Button>
              <Button onClick={() => setEditing(true)}>
                <Pencil aria-hidden size={16} /> Edit
              </Button>
            </>
          ) : undefined
        }
      >
        {report ? (
          <Body report={report} />
        ) : isError ? (
          <ErrorState message={errorMessage(error)} onRetry={() => void refetch()} retrying={isFetching} />
        ) : isPending ? (
          <div className="flex flex-col gap-3" aria-busy="true">
            {[1, 2, 3, 4, 5, 6].map((line) => (
              <Skeleton key={line} className="h-10 w-full" />
            ))}
          </div>
        ) : null}
      </Sheet>
      {report ? (
        <>
          <ReportFormDialog
            key={`${report.id}-${report.updatedAt}`}
            kind={report.kind}
            report={report}
            open={editing}
            onOpenChange={setEditing}
          />
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title="Are you sure?"
            description={`${REPORT_KIND_LABELS[report.kind]} report ${report.caseId} and its attachments will be deleted.`}
            confirmLabel="Delete"
            loading={remove.isPending}
            onConfirm={() =>
              remove.mutate(report.id, {
                onSuccess: () => {
                  toast.success(REPORT_MESSAGES.deleted);
                  setConfirming(false);
                  onClose();
                },
              })
            }
          />
        </>
      ) : null}
    </>
  );
}
