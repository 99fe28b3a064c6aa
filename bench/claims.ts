/**
 * The claims' row (issue 35 §6, docs/areas/billing-claims.md), on the server over PostgreSQL with
 * demo data: an HMO of its own with 5,000 covered patients, each with one completed consultation
 * last month and three charges of it (the consultation and two procedures: 15,000 lines), written
 * by set-based SQL. Then the cashier's New Claim for the month (POST /api/billing/claims), timed,
 * with the server's resident memory (its process tree) sampled while it runs against its idle
 * figure just before: under 30 s and under 300 MB above idle. The claim is made inside the
 * database (one INSERT … SELECT), so the server never holds the month's lines.
 */
import { token } from './load';
import type { BenchRow, Query } from './table';

const ENCOUNTERS = 5_000;
const TIME_BUDGET_S = 30;
const MEMORY_BUDGET_MB = 300;
const CASHIER = 'cashier@carepoint.example';

/** Last month's first and last day (the server's calendar is close enough for a bench's month). */
function lastMonth() {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}

async function addEncounters(query: Query, from: string) {
  await query(`
    insert into payers (kind, name, code) values ('hmo', 'Bench HMO', 'BENCH-HMO') on conflict do nothing`);
  await query(`
    insert into users (email, password_hash, role, first_name, last_name)
    select 'claims-bench-' || n || '@example.com', 'x', 'patient', 'Bench', 'Enrollee ' || n
    from generate_series(1, ${ENCOUNTERS}) n`);
  await query(`
    insert into coverages (patient_id, payer_id, member_number, valid_from, share_kind, share_bp)
    select u.id, p.id, 'BENCH-' || substring(u.email from 'claims-bench-(\\d+)@'), date '2020-01-01', 'percent', 1000
    from users u, payers p where u.email like 'claims-bench-%' and p.code = 'BENCH-HMO'`);
  // One visit a patient, spread over the month's first 28 days and the morning's minutes.
  await query(`
    insert into appointments (patient_id, doctor_id, title, priority, date, time, starts_at, duration_minutes, status)
    select u.id, d.id, 'Bench visit', 'Low', v.day, v.at, (v.day + v.at) at time zone 'Africa/Lagos', 15, 'Completed'
    from (select id, substring(email from 'claims-bench-(\\d+)@')::int as n from users where email like 'claims-bench-%') u
    cross join (select id from users where email = 'doctor@carepoint.example') d
    cross join lateral (select date '${from}' + (u.n % 28) as day, time '06:00' + (u.n / 28) * interval '1 minute' as at) v`);
  await query(`
    insert into charges (patient_id, payer_id, coverage_id, service_id, source, appointment_id, reason,
      care_date, quantity, unit_price, amount, payer_amount, patient_amount, basis)
    select a.patient_id, c.payer_id, c.id, s.id,
      case when s.code = 'CONS-GP' then 'consultation' else 'manual' end::charge_source,
      a.id, case when s.code = 'CONS-GP' then null else 'Bench procedure' end,
      a.date, 1, 1000000, 1000000, 900000, 100000, 'list'
    from appointments a
    join coverages c on c.patient_id = a.patient_id
    cross join (select id, code from billable_services where code in ('CONS-GP', 'PROC-DRESS', 'PROC-NEB')) s
    where a.title = 'Bench visit'`);
}

export async function claimsRows(origin: string, query: Query, serverMb: () => number): Promise<BenchRow[]> {
  const { from, to } = lastMonth();
  await addEncounters(query, from);
  const payer = (await query(`select id from payers where code = 'BENCH-HMO'`)).rows[0] as { id: string };
  const cashier = await token(origin, CASHIER);
  await fetch(`${origin}/api/billing/claims`, { headers: cashier }); // warm the route
  const idle = serverMb();
  let peak = idle;
  const sampler = setInterval(() => {
    peak = Math.max(peak, serverMb());
  }, 50);
  const started = performance.now();
  const res = await fetch(`${origin}/api/billing/claims`, {
    method: 'POST',
    headers: { ...cashier, 'content-type': 'application/json' },
    body: JSON.stringify({ payerId: payer.id, periodFrom: from, periodTo: to }),
  });
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, serverMb());
  const claim = (await res.json()) as { lineCount?: number };
  const above = peak - idle;
  return [
    {
      measure: `PostgreSQL API: a month's claim for one payer, ${ENCOUNTERS.toLocaleString('en-US')} encounters (${(ENCOUNTERS * 3).toLocaleString('en-US')} lines)`,
      budget: `< ${TIME_BUDGET_S} s, server < ${MEMORY_BUDGET_MB} MB above idle`,
      result: `${seconds.toFixed(1)} s, ${claim.lineCount ?? 0} lines, server ${idle} → ${peak} MB (+${above} MB), HTTP ${res.status}`,
      pass:
        res.status === 201 &&
        claim.lineCount === ENCOUNTERS * 3 &&
        seconds < TIME_BUDGET_S &&
        above < MEMORY_BUDGET_MB,
    },
  ];
}
