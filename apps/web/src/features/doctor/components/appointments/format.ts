/** Dates come from the one formatter (lib/format); the status stamp is an instant on the facility's clock. */
/** "Checkup" / "Surgery". */
export { capitalised as typeLabel, formatDateTime as formatStamp } from '@/lib/format';
