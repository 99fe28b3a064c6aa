import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoLaboratoryChecks } from '../../../test/demo-lab';
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

it('loads the demo data without sending a statement to a connection that is running one', async () => {
  expect(await seedDemoData(serviceContext(t))).toBe(true);
  expect(overlapping).toEqual([]);
});

// The laboratory's demo work as its users find it, on PostgreSQL too (once the data is loaded above).
describe('the demo laboratory', () => demoLaboratoryChecks(() => t));
