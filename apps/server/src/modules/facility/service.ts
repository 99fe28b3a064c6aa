import type { FacilityDetails } from '@carepoint/contract';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import { settings } from '../../db/schema';
import { audit } from '../../lib/audit';
import { inTransaction, type ServiceContext } from '../../lib/context';
import { cachedRead } from '../../lib/read-cache';

/**
 * The facility's name and contact details (docs/configuration.md "Facility details"): one row of
 * the settings table, written at the first start from the FACILITY_* settings and changed by an
 * admin afterwards. Every place that shows them (the public footer, the letterhead of printed
 * documents, the appointment e-mails) reads them here.
 */

const FACILITY_SETTING = 'facility';
/** The details, read from the settings table alone (its NOTIFY trigger: migration 0039). */
const FACILITY = cachedRead('facility', [settings]);

/** The FACILITY_* settings, as the details stand until an admin saves them. */
const fromConfig = (config: Config): FacilityDetails => ({
  name: config.FACILITY_NAME,
  address: config.FACILITY_ADDRESS || null,
  phone: config.FACILITY_PHONE || null,
  email: config.FACILITY_EMAIL?.toLowerCase() || null,
});

const text = (value: unknown) => (typeof value === 'string' && value ? value : null);

/** The stored value, field by field; a field missing from it (an older row) falls back to the settings'. */
function detailsOf(value: unknown, config: Config): FacilityDetails {
  const defaults = fromConfig(config);
  if (typeof value !== 'object' || value === null) return defaults;
  const stored = value as Record<string, unknown>;
  return {
    name: text(stored.name) ?? defaults.name,
    address: 'address' in stored ? text(stored.address) : defaults.address,
    phone: 'phone' in stored ? text(stored.phone) : defaults.phone,
    email: 'email' in stored ? text(stored.email) : defaults.email,
  };
}

/** At start: stores the FACILITY_* settings as the details unless some are stored already. */
export async function storeFacilityDefaults(db: Executor, config: Config): Promise<void> {
  await db
    .insert(settings)
    .values({ key: FACILITY_SETTING, value: fromConfig(config) })
    .onConflictDoNothing({ target: settings.key });
}

/**
 * The details as they stand. Public (the same for every caller) and read on every public page
 * and printed document: kept in the read cache until the settings table changes.
 */
export function readFacility(ctx: ServiceContext): Promise<Readonly<FacilityDetails>> {
  return ctx.cache.read(FACILITY, '', () => loadFacility(ctx.db, ctx.config));
}

/** The details read from the database (the message worker, which has no read cache). */
export async function loadFacility(db: Executor, config: Config): Promise<FacilityDetails> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, FACILITY_SETTING));
  return detailsOf(row?.value, config);
}

/** PUT /api/admin/facility: replaces the details; audited with what they were and what they are. */
export async function updateFacility(ctx: ServiceContext, input: FacilityDetails): Promise<FacilityDetails> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const scoped = inTransaction(ctx, tx);
    const before = await readFacility(scoped);
    await tx
      .insert(settings)
      .values({ key: FACILITY_SETTING, value: input, updatedAt: now })
      .onConflictDoUpdate({ target: settings.key, set: { value: input, updatedAt: now } });
    const changed = (Object.keys(input) as Array<keyof FacilityDetails>).filter(
      (k) => before[k] !== input[k],
    );
    await audit(scoped, {
      action: 'facility.update',
      entityType: 'setting',
      entityId: FACILITY_SETTING,
      details: { changed, before: { ...before }, after: input },
    });
    return input;
  });
}
