/**
 * The analysers' row (docs/areas/lab-hl7.md): 100 ORU^R01 messages a second for 10 seconds, sent
 * over MLLP by 10 analyser connections (each waits for its acknowledgment before its next message,
 * as MLLP asks) to the running embedded server with demo data. Passes when every message is
 * answered (none lost, none timed out) and the store holds exactly as many as were sent (counted
 * through the analyser inbox: the messages name accession numbers no specimen has, so each is
 * stored Unmatched and answered AE after the whole path: parse, store, match, answer).
 */
import { Hl7Message } from '@medplum/core';
import { Hl7Client } from '@medplum/hl7';
import { percentile, token } from './load';
import type { BenchRow } from './table';

/** The MLLP port run.ts gives the embedded server (HL7_MLLP_PORT), beside its HTTP ports. */
export const HL7_BENCH_PORT = 18_602;
const RATE = 100;
const SECONDS = 10;
const CONNECTIONS = 50;
const ANSWER_BUDGET_MS = 1000;

const oru = (run: string, i: number) =>
  Hl7Message.parse(
    [
      `MSH|^~\\&|BENCH|ANALYSER${i % CONNECTIONS}|CAREPOINT|HOSP|20300107085500||ORU^R01^ORU_R01|${run}-${i}|P|2.5.1`,
      'PID|1||CP-000001',
      `OBR|1||BENCH-${run}-${i}|2823-3^Potassium^LN`,
      'OBX|1|NM|2823-3^Potassium [Moles/volume] in Serum or Plasma^LN||4.2|mmol/L^^UCUM|3.5-5.1|N|||F',
    ].join('\r'),
  );

export async function hl7OruRows(origin: string, mllpPort = HL7_BENCH_PORT): Promise<BenchRow[]> {
  const run = Date.now().toString(36);
  const total = RATE * SECONDS;
  const lab = await token(origin, 'lab@carepoint.example');
  const counted = async () => {
    // The count stops LIST_COUNT_CAP past a page's start: the last page of 100 counts exactly.
    const page = Math.ceil(total / 100);
    const res = await fetch(`${origin}/api/lab/hl7/messages?limit=100&page=${page}`, { headers: lab });
    return ((await res.json()) as { pagination: { total: number } }).pagination.total;
  };
  const before = await counted();
  const times: number[] = [];
  const codes = new Map<string, number>();
  let lost = 0;
  const start = performance.now();
  const analyser = async (c: number) => {
    const client = new Hl7Client({ host: '127.0.0.1', port: mllpPort });
    try {
      for (let i = c; i < total; i += CONNECTIONS) {
        // Message i leaves at i / RATE seconds, or as soon as this connection's last one was answered.
        const due = start + (i * 1000) / RATE;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        const sent = performance.now();
        try {
          const ack = await client.sendAndWait(oru(run, i), { timeoutMs: 10_000 });
          times.push(performance.now() - sent);
          const code = ack.getSegment('MSA')?.getField(1).toString() ?? '?';
          codes.set(code, (codes.get(code) ?? 0) + 1);
        } catch {
          lost += 1;
        }
      }
    } finally {
      await client.close();
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, (_, c) => analyser(c)));
  const elapsed = (performance.now() - start) / 1000;
  const stored = (await counted()) - before;
  times.sort((a, b) => a - b);
  const p95 = percentile(times, 95);
  const answers = [...codes].map(([code, n]) => `${n} ${code}`).join(', ');
  return [
    {
      measure: `embedded MLLP: ${total} ORU^R01 at ${RATE}/s over ${CONNECTIONS} analyser connections`,
      budget: `>= ${RATE * 0.95}/s, none lost, stored = sent, answered p95 < ${ANSWER_BUDGET_MS} ms`,
      result:
        `${answers || 'no answer'}, ${lost} lost, ${stored} stored of ${total}, ${(total / elapsed).toFixed(0)}/s, ` +
        `answered p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`,
      pass:
        lost === 0 &&
        stored === total &&
        times.length === total &&
        p95 < ANSWER_BUDGET_MS &&
        total / elapsed >= RATE * 0.95,
    },
  ];
}

/**
 * `npx tsx bench/hl7-oru.ts <origin> [mllp port]`: the row alone, against a server with demo data
 * listening on the MLLP port (HL7_BENCH_PORT unless given; apps/web/e2e/start-server.mjs listens
 * 1000 above its web port).
 */
if (process.argv[1]?.endsWith('hl7-oru.ts') && process.argv[2]) {
  console.log(await hl7OruRows(process.argv[2], Number(process.argv[3] ?? HL7_BENCH_PORT)));
}
