import { z } from 'zod';

/*
 * Inpatient stays (docs/areas/inpatient.md): one stay from admission to discharge, in a ward and
 * (once admitted) a bed, with a doctor in charge. A patient has at most one open stay (Planned or
 * Admitted), and a bed holds at most one open stay; the database enforces both.
 */

/** Planned: booked ahead (a bed may be Reserved); Admitted: on the ward; Discharged; Cancelled: a plan that did not happen. */
export const STAY_STATUSES = ['Planned', 'Admitted', 'Discharged', 'Cancelled'] as const;
export type StayStatus = (typeof STAY_STATUSES)[number];
export const OPEN_STAY_STATUSES: readonly StayStatus[] = ['Planned', 'Admitted'];

/** Where an admission came from; FHIR Encounter.hospitalization.admitSource (stays-fhir.ts maps them). */
export const ADMIT_SOURCES = ['Emergency', 'Outpatient', 'Planned'] as const;
export type AdmitSource = (typeof ADMIT_SOURCES)[number];

/** How a stay ended; FHIR Encounter.hospitalization.dischargeDisposition. */
export const DISCHARGE_DISPOSITIONS = ['Home', 'Other facility', 'Against medical advice', 'Died'] as const;
export type DischargeDisposition = (typeof DISCHARGE_DISPOSITIONS)[number];

export const stayIdParamSchema = z.object({ stayId: z.uuid({ error: 'Stay not found' }) });
