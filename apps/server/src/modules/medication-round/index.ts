/** The medication round's public surface: the ward board's dose counts and the discharge check. */
export { doseCounts, openDoses } from './counts';
