const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' });

/** "22 Nov 2026, 09:41" in the browser's time zone. */
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
export const formatDate = (iso: string) => dateOnly.format(new Date(iso));

/** "1 minute", "12 minutes". */
export const minutes = (n: number) => `${n} minute${n === 1 ? '' : 's'}`;

/** Joins first and last name. */
export const fullName = (person: { firstName: string; lastName: string }) =>
  `${person.firstName} ${person.lastName}`.trim();

/** Today on this device's calendar as 'YYYY-MM-DD': a date picker's lower bound (the server has the last word). */
export const deviceToday = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
