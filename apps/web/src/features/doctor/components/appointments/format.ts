const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
const weekdayDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeZone: 'UTC' });
const stamp = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * Spec §3: the date "in long en-US format", e.g. "January 8, 2030". The date is the facility's
 * calendar day: read at UTC midnight so no browser time zone moves it to another day.
 */
export const formatLongDate = (date: string) => longDate.format(new Date(`${date}T00:00:00Z`));

/** "Tuesday, January 8, 2030", for the detail page's heading. */
export const formatFullDate = (date: string) => weekdayDate.format(new Date(`${date}T00:00:00Z`));

/** When a status changed, in the browser's time zone: "Jan 8, 2030, 9:41 AM". */
export const formatStamp = (iso: string) => stamp.format(new Date(iso));

/** "Checkup" / "Surgery". */
export const typeLabel = (type: string) => `${type.charAt(0).toUpperCase()}${type.slice(1)}`;
