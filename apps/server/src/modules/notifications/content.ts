import {
  type AppointmentStatus,
  doctorDisplayName,
  type FacilityDetails,
  formatInstantLongDay,
  type MessageKind,
  shortTime,
} from '@carepoint/contract';
import type { Config } from '../../config';
import type { Mail } from '../../lib/mailer';
import { calendarEvent } from './ics';

/** What an appointment e-mail says: the appointment as it is when the e-mail is sent. */
export interface MessageSubject {
  appointmentId: string;
  title: string;
  status: AppointmentStatus;
  startsAt: Date;
  durationMinutes: number;
  time: string;
  cancelReason: string | null;
  patient: { email: string; firstName: string; lastName: string };
  doctor: { firstName: string; lastName: string };
}

/** "Display Name <address>" or a bare address: the address. */
const addressOf = (from: string) => /<([^>]+)>/.exec(from)?.[1]?.trim() ?? from.trim();
const nameOf = (from: string) => /^\s*"?([^"<]+?)"?\s*</.exec(from)?.[1] ?? from.trim();

/** One UID per appointment, whatever changes: calendars update the entry they already have. */
const calendarUid = (appointmentId: string, config: Config) =>
  `appointment-${appointmentId}@${new URL(config.publicUrl).hostname}`;

function when(subject: MessageSubject, config: Config) {
  return `${formatInstantLongDay(subject.startsAt, config.TIME_ZONE)} at ${shortTime(subject.time)}`;
}

function headline(kind: MessageKind, subject: MessageSubject, config: Config) {
  const doctor = doctorDisplayName(subject.doctor);
  const at = when(subject, config);
  switch (kind) {
    case 'booked':
      return {
        title: 'Appointment booked',
        text:
          subject.status === 'Confirmed'
            ? `Your appointment with ${doctor} on ${at} is booked and confirmed.`
            : `Your appointment with ${doctor} on ${at} is booked. It is pending until the doctor confirms it.`,
      };
    case 'confirmed':
      return { title: 'Appointment confirmed', text: `${doctor} confirmed your appointment on ${at}.` };
    case 'moved':
      return { title: 'Appointment moved', text: `Your appointment with ${doctor} is now on ${at}.` };
    case 'cancelled':
      return {
        title: 'Appointment cancelled',
        text: `Your appointment with ${doctor} on ${at} is cancelled.${subject.cancelReason ? `\nReason: ${subject.cancelReason}` : ''}`,
      };
    case 'reminder':
      return {
        title: 'Appointment reminder',
        text: `A reminder: your appointment with ${doctor} is on ${at}.`,
      };
  }
}

/** The e-mail of a message: its text, and the appointment as a calendar entry (.ics). */
export function composeMessage(
  kind: MessageKind,
  subject: MessageSubject,
  context: { config: Config; facility: FacilityDetails; sequence: number; now: Date },
): Mail {
  const { config, facility } = context;
  const { title, text } = headline(kind, subject, config);
  const where = [facility.name, facility.address].filter(Boolean).join(', ');
  const contact = facility.phone ? `\nTo change it, call us on ${facility.phone} or` : '\nTo change it,';
  const body = [
    `Dear ${subject.patient.firstName} ${subject.patient.lastName},`,
    '',
    text,
    `Reason for the visit: ${subject.title}`,
    `Where: ${where}`,
    ...(kind === 'cancelled' ? [] : [`${contact} sign in at ${config.publicUrl}/patient/appointments.`]),
    '',
    'The attached calendar entry (.ics) adds it to your calendar or updates it there.',
    '',
    facility.name,
  ].join('\n');
  const cancelled = kind === 'cancelled';
  const ics = calendarEvent({
    uid: calendarUid(subject.appointmentId, config),
    sequence: context.sequence,
    method: cancelled ? 'CANCEL' : 'REQUEST',
    status: cancelled ? 'CANCELLED' : subject.status === 'Confirmed' ? 'CONFIRMED' : 'TENTATIVE',
    start: subject.startsAt,
    end: new Date(subject.startsAt.getTime() + subject.durationMinutes * 60_000),
    stamp: context.now,
    summary: `${subject.title} with ${doctorDisplayName(subject.doctor)}`,
    description: `${title}. ${facility.name}`,
    location: where,
    organizer: { name: nameOf(config.MAIL_FROM), email: addressOf(config.MAIL_FROM) },
    attendee: {
      name: `${subject.patient.firstName} ${subject.patient.lastName}`,
      email: subject.patient.email,
    },
  });
  return {
    to: subject.patient.email,
    subject: `${title}: ${when(subject, config)}`,
    body,
    attachments: [
      {
        filename: cancelled ? 'cancelled-appointment.ics' : 'appointment.ics',
        content: ics,
        contentType: `text/calendar; charset=utf-8; method=${cancelled ? 'CANCEL' : 'REQUEST'}`,
      },
    ],
  };
}
