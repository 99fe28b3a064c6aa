import type { Gender } from '@carepoint/contract';
import type { Address, ContactPoint, HumanName } from '@medplum/fhirtypes';
import { users } from '../../db/schema';

/** Fields of a person (patient or doctor) as FHIR's HumanName, telecom, gender and address. */

const humanName = (firstName: string, lastName: string): HumanName[] => [
  { use: 'official', text: `${firstName} ${lastName}`, family: lastName, given: [firstName] },
];

function telecom(email: string, phone: string | null): ContactPoint[] {
  const points: ContactPoint[] = [{ system: 'email', value: email, use: 'home' }];
  if (phone) points.push({ system: 'phone', value: phone, use: 'mobile' });
  return points;
}

/**
 * Ours are FHIR's own codes (male, female, other, unknown), carried as they are; a record without
 * one (an account from before sign-up asked) leaves it out, as `unknown` would claim it was asked.
 */
const gender = (value: Gender | null) => (value ? { gender: value } : {});

/** Our address is one free-text field. */
const address = (text: string | null): { address?: Address[] } =>
  text ? { address: [{ use: 'home', text }] } : {};

/** The account columns a Patient and a Practitioner both show. */
export const personColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phone: users.phone,
  address: users.address,
  gender: users.gender,
  status: users.status,
};
type PersonRow = Pick<typeof users.$inferSelect, keyof typeof personColumns>;

/** What a Patient and a Practitioner share: active, name, telecom, gender and address. */
export const personElements = (row: PersonRow) => ({
  active: row.status === 'Active',
  name: humanName(row.firstName, row.lastName),
  telecom: telecom(row.email, row.phone),
  ...gender(row.gender),
  ...address(row.address),
});
