import type { LiveAudience, LiveTopic } from '@carepoint/contract';
import { and, isNull, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { labCriticalAlerts } from '../../db/schema';
import { audit } from '../../lib/audit';
import { inTransaction, type ServiceContext, systemContext } from '../../lib/context';
import { createPoller } from '../../lib/poller';
import { loadLabSettings } from '../facility';

/** How often the worker looks for alerts left too long: a minute late at most on a 30-minute limit. */
const ESCALATION_POLL_MS = 60_000;

/**
 * Escalates the critical results no doctor acknowledged within the lab's escalation time: sets
 * escalated_at (once: only rows still without it, so two instances at once escalate each alert
 * once) and tells the administrators' dashboards. Answers how many it escalated.
 */
async function escalateOverdueAlerts(ctx: ServiceContext): Promise<number> {
  const { escalationMinutes } = await loadLabSettings(ctx.db);
  const now = ctx.now();
  const due = new Date(now.getTime() - escalationMinutes * 60_000);
  const escalated = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .update(labCriticalAlerts)
      .set({ escalatedAt: now })
      .where(
        and(
          isNull(labCriticalAlerts.acknowledgedAt),
          isNull(labCriticalAlerts.escalatedAt),
          lte(labCriticalAlerts.raisedAt, due),
        ),
      )
      .returning({ id: labCriticalAlerts.id, patientId: labCriticalAlerts.patientId });
    for (const row of rows)
      await audit(inTransaction(ctx, tx), {
        action: 'lab.alert.escalate',
        entityType: 'lab_critical_alert',
        entityId: row.id,
        patientId: row.patientId,
        details: { escalationMinutes },
      });
    return rows.length;
  });
  if (escalated > 0) await ctx.publish('lab');
  return escalated;
}

export interface EscalationWorkerOptions {
  db: Database;
  config: Config;
  log: FastifyBaseLogger;
  now: () => Date;
  publish: (topic: LiveTopic, audience?: LiveAudience) => Promise<void>;
}

/** The background loop main.ts starts (lib/poller.ts); tests call `runOnce()` with their clock. */
export function createEscalationWorker({ db, config, log, now, publish }: EscalationWorkerOptions) {
  const ctx = systemContext({ db, config, log, now, publish });
  const runOnce = () => escalateOverdueAlerts(ctx);
  const poller = createPoller({
    pass: async () => {
      await runOnce();
      return false;
    },
    intervalMs: ESCALATION_POLL_MS,
    log,
    name: 'critical result escalation',
  });
  return { runOnce, start: poller.start, close: poller.close };
}
export type EscalationWorker = ReturnType<typeof createEscalationWorker>;
