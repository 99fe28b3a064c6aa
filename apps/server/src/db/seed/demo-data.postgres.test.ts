import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCoverageChecks } from '../../../test/demo-coverage';
import { demoLaboratoryChecks } from '../../../test/demo-lab';
import { demoPharmacyChecks } from '../../../test/demo-pharmacy';
import { createTestApp, serviceContext, type TestApp } from '../../../test/helpers';
import { seedDemoData } from '.';

/*
 * The demo data loads in one transaction, through the services. A transaction has one
 * connection, which runs one statement at a time: a statement sent while another runs is queued
 * by pg 8 with a deprecation warning, and refused by pg 9 (lib/independent-reads.ts).
 */

/** What pg's client keeps of the statement it runs and of those it queued (not in its types). */
type ClientState = { _activeQuery?: { text?: string } | null; _queryQueue?: unknown[] };

let t: TestApp;
const overlapping: string[] = [];
const query = pg.Client.prototype.query;

beforeAll(async () => {
  t = await createTestApp();
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const state = this as unknown as ClientState;
    if (state._activeQuery || (state._queryQueue?.length ?? 0) > 0) {
      const [sent] = args as [{ text?: string } | string];
      overlapping.push(typeof sent === 'string' ? sent : (sent.text ?? ''));
    }
    return Reflect.apply(query, this, args);
  } as typeof query;
});
afterAll(async () => {
  pg.Client.prototype.query = query;
  await t.close();
});

// The hook's time, not a test's: the whole demo data loads here (half a minute on a busy CI machine).
it('loads the demo data without sending a statement to a connection that is running one', {
  timeout: 60_000,
}, async () => {
  expect(await seedDemoData(serviceContext(t))).toBe(true);
  expect(overlapping).toEqual([]);
});

// The pharmacy's and the laboratory's demo work as their users find it, on PostgreSQL too (once
// the data is loaded above).
describe('the demo pharmacy', () => demoPharmacyChecks(() => t));

describe('the demo coverage', () => demoCoverageChecks(() => t));
describe('the demo laboratory', () => demoLaboratoryChecks(() => t));
