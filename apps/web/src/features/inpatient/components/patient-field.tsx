import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { type PatientChoice, PatientPicker } from '@/components/form/patient-picker';
import { admissionPatientSearch } from '@/features/inpatient/api';
import { useAuth } from '@/lib/auth';

/**
 * The patient an admission is for: fixed when the dialog was opened from their chart or visit,
 * else searched among registered patients (the desk's search for admins, the doctor's own).
 */
export function PatientField({ fixed }: { fixed?: { id: string; name: string } }) {
  const { user } = useAuth();
  const {
    setValue,
    formState: { errors },
  } = useFormContext<{ patientId: string }>();
  const [chosen, setChosen] = useState<PatientChoice>(fixed ?? { id: null, name: '' });
  if (fixed)
    return (
      <p className="text-sm text-ink-soft">
        Patient: <span className="font-medium text-ink">{fixed.name}</span>
      </p>
    );
  return (
    <PatientPicker
      label="Patient"
      search={admissionPatientSearch(user?.role)}
      value={chosen}
      onChange={(value) => {
        setChosen(value);
        setValue('patientId', value.id ?? '', { shouldValidate: Boolean(errors.patientId) });
      }}
      error={errors.patientId?.message}
    />
  );
}
