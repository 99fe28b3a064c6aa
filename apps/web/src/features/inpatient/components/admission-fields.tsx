import type { CodedDiagnosis } from '@carepoint/contract';
import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { DiagnosisCodePicker } from '@/components/form/diagnosis-code-picker';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { inpatientDiagnosisSearch } from '@/features/inpatient/api';
import { useDoctorOptions } from '@/lib/api/booking';

/** What every admission form holds besides its bed (the contract's admissionDetailsSchema). */
export type AdmissionFormValues = {
  doctorId: string;
  reason: string;
  diagnosisCode: string;
  diagnosisText: string;
  expectedDays: string;
};

export const ADMISSION_FIELDS = [
  'doctorId',
  'reason',
  'diagnosisCode',
  'diagnosisText',
  'expectedDays',
] as const;

export const admissionDefaults = (reason = '', doctorId = ''): AdmissionFormValues => ({
  doctorId,
  reason,
  diagnosisCode: '',
  diagnosisText: '',
  expectedDays: '',
});

/**
 * The doctor in charge, the reason, the admission diagnosis (ICD-10-CM code and the doctor's
 * wording) and the expected length of stay: the same fields in the emergency room's Admit, a
 * doctor's admission and the desk's planned admission. Inside the form's FormProvider.
 */
export function AdmissionFields({ open }: { open: boolean }) {
  const {
    register,
    setValue,
    formState: { errors },
  } = useFormContext<AdmissionFormValues>();
  const doctors = useDoctorOptions(open);
  const [diagnosis, setDiagnosis] = useState<CodedDiagnosis | null>(null);
  return (
    <>
      <Select
        label="Doctor in charge"
        placeholder="Select a doctor"
        options={doctors}
        error={errors.doctorId?.message}
        {...register('doctorId')}
      />
      <Input label="Reason for admission" error={errors.reason?.message} {...register('reason')} />
      <DiagnosisCodePicker
        label="Admission diagnosis (ICD-10-CM)"
        search={inpatientDiagnosisSearch}
        value={diagnosis}
        onChange={(chosen) => {
          setDiagnosis(chosen);
          setValue('diagnosisCode', chosen?.code ?? '', { shouldValidate: Boolean(errors.diagnosisCode) });
        }}
        error={errors.diagnosisCode?.message}
      />
      <Input
        label="Diagnosis in your words"
        hint="Optional beside the code"
        error={errors.diagnosisText?.message}
        {...register('diagnosisText')}
      />
      <Input
        label="Expected length of stay (days)"
        inputMode="numeric"
        error={errors.expectedDays?.message}
        {...register('expectedDays')}
      />
    </>
  );
}
