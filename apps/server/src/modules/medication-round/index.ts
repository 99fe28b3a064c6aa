/** The medication round's public surface: the ward board's dose counts and the discharge check. */
export { type DoseCounts, doseCounts, openDoses } from './counts';
