import {
  ALLERGY_OVERRIDE_LABEL,
  allergyOverrideText,
  birthFields,
  codedDiagnosisLabel,
  formatInstant,
  formatInstantDay,
  formatNextVisit,
  ICD10CM_NAME,
  notStockedMark,
  type Prescription,
  prescriptionPdfName,
  toLocalDateTime,
  VITAL_RANGES,
} from '@carepoint/contract';
import type { ServiceContext } from '../../lib/context';
import { PdfBuilder } from '../../lib/pdf';
import { readFacility } from '../facility';

const withUnit = (value: number | null, unit: string) => (value === null ? null : `${value} ${unit}`);

/**
 * The printed prescription: letterhead, patient, doctor and date, the physical information,
 * the medicines table (a line outside the formulary marked Not stocked), test, advice and next
 * visit, and the doctor's signature line. The doctor's and the patient's copy are the same.
 */
export async function prescriptionPdf(p: Prescription, ctx: ServiceContext) {
  const zone = ctx.config.TIME_ZONE;
  const info = p.physicalInfo;
  const override =
    p.allergyOverride && allergyOverrideText(p.allergyOverride, (iso) => formatInstant(new Date(iso), zone));
  const pdf = new PdfBuilder('Prescription', await readFacility(ctx), p.doctor.name)
    .fields([
      ['Patient', p.patient.name],
      ['Date', formatInstantDay(new Date(p.addedAt), zone)],
      ['Patient e-mail', p.patient.email],
      ['Doctor', p.doctor.name],
      ...birthFields(p.patient),
    ])
    .heading('Physical Information')
    .fields([
      ['Blood pressure', info.bloodPressure ? `${info.bloodPressure} ${VITAL_RANGES.systolic.unit}` : null],
      ['Pulse rate', withUnit(info.pulseRate, VITAL_RANGES.heartRate.unit)],
      ['Temperature', withUnit(info.temperature, VITAL_RANGES.temperature.unit)],
      ['Diabetic', info.diabetic],
      ['Recorded allergies', p.recordedAllergies.length ? p.recordedAllergies.join(', ') : 'None recorded'],
      ['Food allergies', info.foodAllergies],
      ['Current medication', info.currentMedication],
    ])
    .paragraph('Diagnosis', p.diagnosis ? `${codedDiagnosisLabel(p.diagnosis)} (${ICD10CM_NAME})` : null)
    .paragraph('Problem description', info.problemDescription)
    .heading('Medicines')
    .table(
      [
        { header: 'Medicine', width: 0.26 },
        { header: 'Dosage', width: 0.12 },
        { header: 'Duration', width: 0.12 },
        { header: 'Time', width: 0.12 },
        { header: 'Interval', width: 0.2 },
        { header: 'Comment', width: 0.18 },
      ],
      p.medicines.map((m) => [
        // The mark on its own line under the name, as on the screen: the pharmacist and the patient see it.
        [m.name, notStockedMark(m)].filter(Boolean).join('\n'),
        m.dosage,
        m.duration,
        m.time,
        m.interval,
        m.comment ?? '',
      ]),
    );
  // Under the medicines, as on the screen and in print: the pharmacist's copy must carry it.
  if (override) pdf.paragraph(ALLERGY_OVERRIDE_LABEL, override, { strong: true });
  const bytes = await pdf
    .heading('Additional Information')
    .fields([
      ['Test', p.test],
      ['Next visit', p.nextVisit ? `In ${formatNextVisit(p.nextVisit)}` : null],
    ])
    .paragraph('Advice', p.advice)
    .signature(p.doctor.name, 'Signature and stamp')
    .finish();
  const date = toLocalDateTime(new Date(p.addedAt), zone).date;
  return { bytes, fileName: prescriptionPdfName(date, p.patient.name) };
}
