import {
  BIRTH_SEXES,
  BIRTH_WEIGHT_KG,
  DELIVERY_METHODS,
  INVESTIGATION_STATUSES,
  OPERATION_OUTCOMES,
  REPORT_KIND_LABELS,
  REPORT_MESSAGES,
  type Report,
  type ReportKind,
  reportInputSchema,
} from '@carepoint/contract';
import { useState } from 'react';
import { FormDialog } from '@/components/form/form-dialog';
import { PatientPicker } from '@/components/form/patient-picker';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useReportDoctors, useSaveReport } from '@/features/doctor/api/reports';
import { triagePatientSearch } from '@/features/doctor/api/triage';
import { deviceToday } from '@/lib/format';
import { checkedBy, useContractForm } from '@/lib/use-contract-form';
import { FilePicker } from './attachments';
import { useUploadFiles } from './use-upload-files';

/** Every field of every kind, as the form holds them (text); the contract's schema checks them. */
const FIELDS = [
  'patientId',
  'patientName',
  'childName',
  'date',
  'time',
  'sex',
  'weightKg',
  'delivery',
  'cause',
  'doctorId',
  'title',
  'status',
  'outcome',
  'notes',
] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

const options = (values: readonly string[]) => values.map((v) => ({ value: v, label: v }));

function valuesOf(report: Report | null): Values {
  return {
    patientId: report?.patient.id ?? '',
    patientName: report?.patient.name ?? '',
    childName: report?.childName ?? '',
    date: report?.date ?? '',
    time: report?.time ?? '',
    sex: report?.sex ?? '',
    weightKg: report?.weightKg?.toString() ?? '',
    delivery: report?.delivery ?? '',
    cause: report?.cause ?? '',
    doctorId: report && (report.kind === 'death' || report.kind === 'operation') ? report.doctor.id : '',
    title: report?.title ?? '',
    status: report?.status ?? (report ? '' : 'Pending'),
    outcome: report?.outcome ?? '',
    notes: report?.notes ?? '',
  };
}

/** The fields a kind sends (the others are not part of its report). */
const KIND_FIELDS: Record<ReportKind, readonly Field[]> = {
  birth: ['patientId', 'childName', 'date', 'time', 'sex', 'weightKg', 'delivery', 'notes'],
  death: ['patientId', 'date', 'time', 'cause', 'doctorId', 'notes'],
  investigation: ['patientId', 'title', 'date', 'status', 'notes'],
  operation: ['patientId', 'title', 'doctorId', 'date', 'outcome', 'notes'],
};

type Props = {
  kind: ReportKind;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The report being edited; a new one otherwise. */
  report?: Report | null;
  /** After a new report is saved (its attachments uploaded). */
  onCreated?: (report: Report) => void;
};

/**
 * New … Report / Edit … Report: the form of the kind (the spec leaves the dialog empty). The
 * contract's schema checks it here and again on the server; a new investigation may carry files,
 * uploaded once the report exists.
 */
export function ReportFormDialog({ kind, open, onOpenChange, report = null, onCreated }: Props) {
  const save = useSaveReport(report?.id ?? null);
  const doctors = useReportDoctors();
  const files = useUploadFiles();
  const [chosen, setChosen] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const label = REPORT_KIND_LABELS[kind];
  const {
    register,
    onSubmit,
    setValue,
    clearErrors,
    watch,
    formState: { errors, isSubmitting },
  } = useContractForm({
    defaultValues: valuesOf(report),
    // Only the kind's fields are sent, checked with the contract's schema.
    check: (values) =>
      checkedBy(
        reportInputSchema.safeParse(
          Object.fromEntries([['kind', kind], ...KIND_FIELDS[kind].map((f) => [f, values[f]])]),
        ),
      ),
    fields: FIELDS,
    // A new report's files are uploaded once it exists: the toast tells how many were stored.
    send: async (input) => {
      const saved = await save.mutateAsync(input);
      const stored = chosen.length ? await files.uploadAll(saved.id, chosen) : 0;
      return { saved, stored };
    },
    success: ({ saved, stored }) =>
      report
        ? REPORT_MESSAGES.updated
        : `${REPORT_MESSAGES.created}: ${saved.caseId}${stored ? ` with ${stored} attachment${stored > 1 ? 's' : ''}` : ''}`,
    open,
    onReset: () => {
      setChosen([]);
      setFileError(null);
    },
    onSaved: ({ saved }) => {
      onOpenChange(false);
      if (!report) onCreated?.(saved);
    },
  });
  const has = (field: Field) => KIND_FIELDS[kind].includes(field);

  const doctorOptions = (doctors.data ?? []).map((d) => ({ value: d.id, label: `Dr ${d.fullName}` }));
  const patient = watch(['patientId', 'patientName']);
  const busy = isSubmitting || files.uploading;

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={report ? `Edit ${label} Report` : `New ${label} Report`}
      description={report ? `Case ${report.caseId}` : 'The case ID is given when the report is saved.'}
      submitLabel={report ? 'Save changes' : 'Save report'}
      submitting={busy}
      onSubmit={onSubmit}
    >
      <PatientPicker
        label={kind === 'birth' ? 'Mother' : 'Patient'}
        search={triagePatientSearch}
        value={{ id: patient[0] || null, name: patient[1] }}
        onChange={(v) => {
          setValue('patientId', v.id ?? '');
          setValue('patientName', v.name);
          clearErrors('patientId');
        }}
        error={errors.patientId?.message}
      />
      {has('childName') ? (
        <Input label="Child's name" error={errors.childName?.message} {...register('childName')} />
      ) : null}
      {has('title') ? (
        <Input
          label={kind === 'operation' ? 'Procedure' : 'Title'}
          error={errors.title?.message}
          {...register('title')}
        />
      ) : null}
      {has('doctorId') ? (
        <Select
          label={kind === 'operation' ? 'Surgeon' : 'Certifying doctor'}
          placeholder="Select a doctor"
          options={doctorOptions}
          error={errors.doctorId?.message}
          {...register('doctorId')}
        />
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Input
          label="Date"
          type="date"
          // A birth or death has happened: the picker stops at today (the server has the last word).
          max={has('time') ? deviceToday() : undefined}
          error={errors.date?.message}
          {...register('date')}
        />
        {has('time') ? (
          <Input label="Time" type="time" error={errors.time?.message} {...register('time')} />
        ) : null}
        {has('status') ? (
          <Select
            label="Status"
            options={options(INVESTIGATION_STATUSES)}
            error={errors.status?.message}
            {...register('status')}
          />
        ) : null}
        {has('outcome') ? (
          <Select
            label="Outcome"
            placeholder="Select the outcome"
            options={options(OPERATION_OUTCOMES)}
            error={errors.outcome?.message}
            {...register('outcome')}
          />
        ) : null}
        {has('sex') ? (
          <Select
            label="Sex"
            placeholder="Select"
            options={options(BIRTH_SEXES)}
            error={errors.sex?.message}
            {...register('sex')}
          />
        ) : null}
        {has('weightKg') ? (
          <Input
            label="Weight (kg)"
            type="number"
            inputMode="decimal"
            min={BIRTH_WEIGHT_KG.min}
            max={BIRTH_WEIGHT_KG.max}
            step={BIRTH_WEIGHT_KG.step}
            error={errors.weightKg?.message}
            {...register('weightKg')}
          />
        ) : null}
      </div>
      {has('delivery') ? (
        <Select
          label="Delivery"
          placeholder="Select the delivery"
          options={options(DELIVERY_METHODS)}
          error={errors.delivery?.message}
          {...register('delivery')}
        />
      ) : null}
      {has('cause') ? (
        <Input label="Cause of death" error={errors.cause?.message} {...register('cause')} />
      ) : null}
      <Textarea label="Notes" rows={3} hint="Optional" error={errors.notes?.message} {...register('notes')} />
      {kind === 'investigation' && !report ? (
        <FilePicker
          files={chosen}
          onChange={setChosen}
          error={fileError}
          onError={setFileError}
          disabled={busy}
        />
      ) : null}
      {files.status ? (
        <p role="status" className="text-sm text-ink-muted">
          {files.status}
        </p>
      ) : null}
    </FormDialog>
  );
}
