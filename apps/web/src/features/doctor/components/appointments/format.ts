/** Dates come from the one formatter (lib/format); the status stamp is an instant on the facility's clock. */
export {
  formatDateTime as formatStamp,
  formatFullDate,
  formatLongDate,
} from '../../../../lib/format';

/** "Checkup" / "Surgery". */
export const typeLabel = (type: string) => `${type.charAt(0).toUpperCase()}${type.slice(1)}`;
