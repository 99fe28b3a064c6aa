/** Dates come from the one formatter (lib/format); the status stamp is an instant on the facility's clock. */
export { formatDateTime as formatStamp } from '../../../../lib/format';

/** "Checkup" / "Surgery". */
export { capitalised as typeLabel } from '../../../../lib/format';
