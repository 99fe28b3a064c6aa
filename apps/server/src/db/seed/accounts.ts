import type { Role } from '@carepoint/contract';
import { users } from '../../db/schema';
import type { SeedContext } from './context';

export const DEMO_PASSWORD = 'carepoint-demo';

type NewUser = Omit<typeof users.$inferInsert, 'passwordHash'>;
const person = (role: Role, firstName: string, lastName: string, extra: Partial<NewUser> = {}) => ({
  role,
  firstName,
  lastName,
  // Accents off in the address (Tobi Adébáyọ̀ is tobi.adebayo@…): the name keeps them.
  email: `${firstName}.${lastName}@carepoint.example`.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase(),
  phone: `+234 80${Math.abs(hashCode(firstName + lastName)) % 10_000_000}`.padEnd(15, '0'),
  ...extra,
});

function hashCode(text: string) {
  let h = 0;
  for (const ch of text) h = (h * 31 + ch.charCodeAt(0)) | 0;
  return h;
}

type Gender = NonNullable<NewUser['gender']>;

const DOCTORS: Array<[string, string, string, Gender]> = [
  ['Adaeze', 'Okafor', 'Cardiology', 'female'],
  ['Tunde', 'Bakare', 'Pediatrics', 'male'],
  ['Ngozi', 'Eze', 'Dermatology', 'female'],
  ['Emeka', 'Nwosu', 'Orthopedics', 'male'],
  ['Fatima', 'Bello', 'Neurology', 'female'],
  ['Kelechi', 'Obi', 'General Medicine', 'male'],
];

/** Recorded genders too (FHIR Patient.gender), as sign-up and the desk record them for everyone. */
const PATIENTS: Array<[string, string, string, Gender]> = [
  ['Chioma', 'Adeyemi', '1988-03-14', 'female'],
  ['Ibrahim', 'Musa', '1975-11-02', 'male'],
  ['Amaka', 'Uche', '1996-07-21', 'female'],
  ['Segun', 'Alabi', '1962-01-30', 'male'],
  ['Zainab', 'Lawal', '2001-09-09', 'female'],
  ['Olumide', 'Ogunleye', '1983-05-17', 'male'],
  ['Blessing', 'Etim', '1979-12-25', 'female'],
  ['Yusuf', 'Garba', '1991-04-03', 'male'],
  ['Funmilayo', 'Ajayi', '1969-08-11', 'female'],
  ['Chinedu', 'Okeke', '2005-02-28', 'male'],
  ['Halima', 'Sani', '1958-06-06', 'female'],
  // Written with its Yoruba accents: patient search finds it as "adebayo" too.
  ['Tobi', 'Adébáyọ̀', '1999-10-15', 'male'],
];

/** One account per role with the documented logins, plus more doctors, patients and a second lab scientist. */
export async function seedAccounts({ db, passwordHash }: SeedContext) {
  const rows: NewUser[] = [
    {
      role: 'admin',
      firstName: 'Ada',
      lastName: 'Admin',
      email: 'admin@carepoint.example',
      phone: '+234 801 000 0001',
    },
    {
      role: 'doctor',
      firstName: 'Daniel',
      lastName: 'Adeyemi',
      email: 'doctor@carepoint.example',
      phone: '+234 801 000 0002',
      address: '12 Marina Road, Lagos',
      specialty: 'General Medicine',
      gender: 'male',
    },
    {
      role: 'patient',
      firstName: 'Grace',
      lastName: 'Okonkwo',
      email: 'patient@carepoint.example',
      phone: '+234 801 000 0003',
      address: '4 Awolowo Road, Ikoyi, Lagos',
      dateOfBirth: '1990-04-12',
      gender: 'female',
    },
    {
      role: 'lab',
      firstName: 'Bisi',
      lastName: 'Olatunji',
      email: 'lab@carepoint.example',
      phone: '+234 801 000 0005',
    },
    // A second scientist, who verifies what the first one entered (docs/areas/lab-results.md).
    person('lab', 'Musa', 'Danjuma'),
    {
      role: 'pharmacist',
      firstName: 'Kehinde',
      lastName: 'Oyelaran',
      email: 'pharmacist@carepoint.example',
      phone: '+234 801 000 0006',
    },
    {
      role: 'cashier',
      firstName: 'Ngozi',
      lastName: 'Eze',
      email: 'cashier@carepoint.example',
      phone: '+234 801 000 0007',
    },
    ...DOCTORS.map(([first, last, specialty, gender]) =>
      person('doctor', first, last, { specialty, address: 'Lagos', gender }),
    ),
    ...PATIENTS.map(([first, last, dob, gender]) =>
      person('patient', first, last, { dateOfBirth: dob, address: 'Lagos', gender }),
    ),
  ];
  await db.insert(users).values(rows.map((r) => ({ ...r, passwordHash })));
}
