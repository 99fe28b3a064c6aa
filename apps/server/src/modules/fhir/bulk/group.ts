import type { Group } from '@medplum/fhirtypes';
import { and, asc, count, eq, exists, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { appointments, users } from '../../../db/schema';
import type { ServiceContext } from '../../../lib/context';
import { afterCursor, orderByKeys, sortKeyColumn } from '../cursor';
import { pagedSearch } from '../paging';
import { DOCTORS_BY_NAME } from '../practitioner';
import type { FhirContext, FhirResourceType } from '../resource-type';
import { idsMatch, isUuid } from '../search-sql';

/*
 * A doctor's patients as a Group, so a doctor can export them (Group/<doctor id>/$export): the
 * Group's id is the doctor's, its members the patients who have any appointment with them, the
 * same "my patients" as the Patient List. Admins read every doctor's Group, a doctor only their
 * own, a patient none (the member list is not a patient's to read).
 */

/** The patients of a doctor: anyone with an appointment with them, as the Patient List's "mine". */
export const patientOfDoctor = (db: Executor, doctorId: string): SQL =>
  exists(
    db
      .select({ one: sql`1` })
      .from(appointments)
      .where(and(eq(appointments.patientId, users.id), eq(appointments.doctorId, doctorId))),
  );

/** The doctors whose Group the caller may read: all for an admin, their own for a doctor, none else. */
function readableDoctors(ctx: ServiceContext): SQL {
  const role = ctx.actor?.role;
  if (role === 'admin') return eq(users.role, 'doctor');
  if (role === 'doctor' && ctx.actor) return and(eq(users.role, 'doctor'), eq(users.id, ctx.actor.id)) as SQL;
  return sql`false`;
}

const doctorColumns = { id: users.id, firstName: users.firstName, lastName: users.lastName };
type DoctorRow = { id: string; firstName: string; lastName: string };

async function toGroup(db: Executor, doctor: DoctorRow): Promise<Group> {
  const members = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'patient'), patientOfDoctor(db, doctor.id)))
    .orderBy(asc(users.id));
  return {
    resourceType: 'Group',
    id: doctor.id,
    active: true,
    type: 'person',
    actual: true,
    name: `Patients of ${doctor.firstName} ${doctor.lastName}`,
    managingEntity: { reference: `Practitioner/${doctor.id}` },
    quantity: members.length,
    ...(members.length > 0
      ? { member: members.map((m) => ({ entity: { reference: `Patient/${m.id}` } })) }
      : {}),
  };
}

export const doctorGroups: FhirResourceType<Group> = {
  type: 'Group',
  searchParams: [],

  async read({ ctx }: FhirContext, id) {
    if (!isUuid(id)) return undefined;
    const [doctor] = await ctx.db
      .select(doctorColumns)
      .from(users)
      .where(and(readableDoctors(ctx), eq(users.id, id)));
    return doctor ? toGroup(ctx.db, doctor) : undefined;
  },

  async search({ ctx }, search) {
    const where = and(readableDoctors(ctx), idsMatch(users.id, search.ids()));
    return pagedSearch(
      search,
      async (limit, offset, after) => {
        const doctors = await ctx.db
          .select({ ...doctorColumns, key: sortKeyColumn(DOCTORS_BY_NAME) })
          .from(users)
          .where(and(where, afterCursor(DOCTORS_BY_NAME, after)))
          .orderBy(...orderByKeys(DOCTORS_BY_NAME))
          .limit(limit)
          .offset(offset);
        return Promise.all(
          doctors.map(async ({ key, ...doctor }) => ({ resource: await toGroup(ctx.db, doctor), key })),
        );
      },
      async () => (await ctx.db.select({ n: count() }).from(users).where(where))[0]?.n ?? 0,
    );
  },
};

/** Whether the id is a doctor's, so a Group of their patients exists. */
export async function isDoctor(db: Executor, id: string) {
  if (!isUuid(id)) return false;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'doctor'), eq(users.id, id)));
  return row !== undefined;
}
