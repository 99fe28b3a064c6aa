/** The ward notes module's public surface: the handover's "what is due" is filled in handover-due.ts. */
export { listNotes, writeNursingNote, writeWardRoundNote } from './notes';
