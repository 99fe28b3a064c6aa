import type { Organization } from '@medplum/fhirtypes';
import { and, count, eq, or, type SQL, sql } from 'drizzle-orm';
import { payers } from '../../db/schema';
import { afterCursor, orderByKeys, type SortKey, sortKeyColumn } from './cursor';
import { pagedSearch } from './paging';
import type { TokenValue } from './params';
import type { FhirResourceType } from './resource-type';
import { idsMatch, isUuid, lastUpdatedMatches, stringMatches, tokenMatches } from './search-sql';
import { versionMeta } from './versioning';

/*
 * The payers (docs/areas/billing.md) as Organization (https://hl7.org/fhir/R4/organization.html):
 * type `pay` (Payer) from HL7's organization-type, self-pay, NHIA or HMO as our own code beside
 * it, the payer's own code as its identifier, the contact as a telecom of system `other` (it may
 * be a phone, an e-mail or a desk). A payer names no patient: outside every patient's
 * compartment, like Location and Medication, and in a system-level export only.
 */

const ORGANIZATION_TYPE = 'http://terminology.hl7.org/CodeSystem/organization-type';
const payerKindSystem = (publicUrl: string) => `${publicUrl}/fhir/CodeSystem/payer-kind`;
const payerCodeSystem = (publicUrl: string) => `${publicUrl}/fhir/sid/payer-code`;

type PayerRow = typeof payers.$inferSelect;

function toOrganization(p: PayerRow, publicUrl: string): Organization {
  return {
    resourceType: 'Organization',
    id: p.id,
    meta: versionMeta(p.updatedAt),
    ...(p.code ? { identifier: [{ system: payerCodeSystem(publicUrl), value: p.code }] } : {}),
    active: p.active,
    type: [
      {
        coding: [
          { system: ORGANIZATION_TYPE, code: 'pay', display: 'Payer' },
          { system: payerKindSystem(publicUrl), code: p.kind },
        ],
      },
    ],
    name: p.name,
    ...(p.contact ? { telecom: [{ system: 'other', value: p.contact }] } : {}),
  };
}

/** `type`: HL7's `pay` matches every payer; our payer-kind code the payers of that kind. */
const typeMatches = (occurrences: TokenValue[][], publicUrl: string) =>
  and(
    ...occurrences.map((values) =>
      or(
        ...values.map((value) =>
          or(
            tokenMatches(sql`'pay'`, [[value]], ORGANIZATION_TYPE),
            tokenMatches(sql`${payers.kind}::text`, [[value]], payerKindSystem(publicUrl)),
          ),
        ),
      ),
    ),
  );

const BY_NAME: SortKey[] = [
  { expression: payers.name, cast: 'text' },
  { expression: payers.id, cast: 'uuid' },
];

export const organizationsType: FhirResourceType<Organization> = {
  type: 'Organization',
  searchParams: [
    {
      name: 'name',
      type: 'string',
      documentation: "The payer's name, from its start, ignoring case and accents",
    },
    { name: 'identifier', type: 'token', documentation: "The payer's own code (its claim forms' code)" },
    { name: 'active', type: 'token', documentation: 'true or false' },
    {
      name: 'type',
      type: 'token',
      documentation: `${ORGANIZATION_TYPE}|pay (every payer), or self-pay, nhia or hmo of the payer-kind system`,
    },
  ],

  async read({ ctx }, id) {
    if (!isUuid(id)) return undefined;
    const [row] = await ctx.db.select().from(payers).where(eq(payers.id, id));
    return row ? toOrganization(row, ctx.config.publicUrl) : undefined;
  },

  async search({ ctx }, search) {
    const { publicUrl } = ctx.config;
    const where: SQL | undefined = and(
      idsMatch(payers.id, search.ids()),
      lastUpdatedMatches(payers.updatedAt, search),
      stringMatches(payers.name, search.strings('name')),
      tokenMatches(payers.code, search.tokens('identifier'), payerCodeSystem(publicUrl)),
      tokenMatches(sql`${payers.active}::text`, search.tokens('active')),
      typeMatches(search.tokens('type'), publicUrl),
    );
    return pagedSearch(
      search,
      async (limit, offset, after) =>
        (
          await ctx.db
            .select({ payer: payers, key: sortKeyColumn(BY_NAME) })
            .from(payers)
            .where(and(where, afterCursor(BY_NAME, after)))
            .orderBy(...orderByKeys(BY_NAME))
            .limit(limit)
            .offset(offset)
        ).map(({ payer, key }) => ({ resource: toOrganization(payer, publicUrl), key })),
      async () => (await ctx.db.select({ n: count() }).from(payers).where(where))[0]?.n ?? 0,
    );
  },
};
