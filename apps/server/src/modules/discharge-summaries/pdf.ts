import {
  ALLERGY_OVERRIDE_LABEL,
  allergyOverrideText,
  type DischargeStay,
  type DischargeSummary,
  dischargeDiagnosisLabel,
  dischargeSummaryPdfName,
  formatDay,
  formatDayTime,
  formatInstant,
  formatInstantDay,
  ICD10CM_NAME,
  RECORD_NUMBER_LABEL,
  toLocalDateTime,
} from '@carepoint/contract';
import type { ServiceContext } from '../../lib/context';
import { PdfBuilder } from '../../lib/pdf';
import { readFacility } from '../facility';

/**
 * The printed discharge summary: letterhead, the patient and the stay, the diagnoses (coded in
 * ICD-10-CM with the doctor's wording), what was done, the course, the medicines to continue, the
 * follow-up, and the signature. A draft prints with "(draft, not signed)" in its title.
 */
export async function dischargeSummaryPdf(ctx: ServiceContext, stay: DischargeStay, s: DischargeSummary) {
  const zone = ctx.config.TIME_ZONE;
  const day = (at: string | null) => (at ? formatInstantDay(new Date(at), zone) : null);
  const title = s.signedAt ? 'Discharge Summary' : 'Discharge Summary (draft, not signed)';
  const signer = s.signedBy?.name ?? s.author.name;
  const pdf = new PdfBuilder(title, await readFacility(ctx), signer)
    .fields([
      ['Patient', stay.patient.name],
      [RECORD_NUMBER_LABEL, stay.patient.recordNumber],
      ['Date of birth', stay.patient.dateOfBirth ? formatDay(stay.patient.dateOfBirth) : null],
      ['Ward', stay.ward],
      ['Admitted', day(stay.admittedAt)],
      ['Discharged', day(stay.dischargedAt)],
      ['Doctor in charge', stay.doctorInCharge.name],
      ['Reason for admission', stay.reason],
      [
        'Recorded allergies',
        stay.patient.allergies.length ? stay.patient.allergies.join(', ') : 'None recorded',
      ],
    ])
    .heading('Diagnoses')
    .paragraph('Admission diagnosis', dischargeDiagnosisLabel(stay.admissionDiagnosis))
    .paragraph(`Principal diagnosis (${ICD10CM_NAME})`, dischargeDiagnosisLabel(s.principalDiagnosis));
  for (const [i, d] of s.secondaryDiagnoses.entries())
    pdf.paragraph(`Secondary diagnosis ${i + 1}`, dischargeDiagnosisLabel(d));
  pdf
    .heading('In hospital')
    .paragraph('What was done (procedures and treatment)', s.procedures)
    .paragraph('Course in hospital', s.course)
    .heading('Medicines to continue');
  if (s.medicines.length === 0) pdf.paragraph('Medicines', 'None');
  else
    pdf.table(
      [
        { header: 'Medicine', width: 0.34 },
        { header: 'Dose', width: 0.2 },
        { header: 'How often', width: 0.23 },
        { header: 'How long', width: 0.23 },
      ],
      s.medicines.map((m) => [m.name, m.dose, m.frequency, m.duration]),
    );
  if (s.allergyOverride)
    pdf.paragraph(
      ALLERGY_OVERRIDE_LABEL,
      allergyOverrideText(s.allergyOverride, (at) => formatInstant(new Date(at), zone)),
      { strong: true },
    );
  const bytes = await pdf
    .heading('Follow-up')
    .paragraph('Instructions', s.followUpInstructions)
    .fields([
      [
        'Appointment',
        s.followUp
          ? `${formatDayTime(s.followUp.date, s.followUp.time)} with ${s.followUp.doctor.name}`
          : 'None booked',
      ],
      ['Signed', s.signedAt ? formatInstant(new Date(s.signedAt), zone) : 'Not signed'],
    ])
    .signature(signer, 'Signature')
    .finish();
  return { bytes, fileName: dischargeSummaryFileName(ctx, stay, s) };
}

/** The file's name: the discharge day (else the signing or saving day) and the patient's name. */
export function dischargeSummaryFileName(ctx: ServiceContext, stay: DischargeStay, s: DischargeSummary) {
  const at = stay.dischargedAt ?? s.signedAt ?? s.updatedAt;
  return dischargeSummaryPdfName(toLocalDateTime(new Date(at), ctx.config.TIME_ZONE).date, stay.patient.name);
}
