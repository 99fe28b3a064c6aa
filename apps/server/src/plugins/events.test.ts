import { LIVE_TOPICS, type LiveTopic } from '@carepoint/contract';
import { describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../test/helpers';
import { doctorsOwn, labsOwn, nursesBoards, pharmacyOwn } from './events';

/*
 * Which events each role's stream forwards (the desk's takes every one). An event names the
 * doctors it concerns; a doctor's stream forwards their own and the wards', nothing of another's.
 */

const DOCTOR = 'doctor-a';
const OTHER = 'doctor-b';
const forwarded = (accepts: (event: { topic: LiveTopic; doctorIds?: readonly string[] }) => boolean) =>
  LIVE_TOPICS.filter((topic) => accepts({ topic, doctorIds: [DOCTOR] }));

describe('live event filters', () => {
  it("a doctor's stream forwards what names them (appointments, lab, dispensed prescriptions) and the wards", () => {
    const own = doctorsOwn(DOCTOR);
    expect(forwarded(own)).toEqual(['appointments', 'wards', 'lab', 'pharmacy']);
    expect(own({ topic: 'pharmacy', doctorIds: [OTHER] })).toBe(false);
    // A prescription written or changed names no doctor: the queue's concern, not the doctor's.
    expect(own({ topic: 'pharmacy' })).toBe(false);
    expect(own({ topic: 'wards' })).toBe(true);
  });

  it("the pharmacy's stream forwards prescriptions and stock, whoever the event names", () => {
    expect(forwarded(pharmacyOwn)).toEqual(['pharmacy', 'stock']);
    expect(pharmacyOwn({ topic: 'stock' })).toBe(true);
  });

  it("nurses' and the laboratory's streams forward no stock", () => {
    expect(forwarded(nursesBoards)).toEqual(['emergency', 'wards', 'lab']);
    expect(forwarded(labsOwn)).toEqual(['lab']);
  });
});

describe('publishing', () => {
  it('sends the events published together in one NOTIFY, each heard by every instance', async () => {
    const t = await createTestApp();
    try {
      const heard: unknown[] = [];
      const unlisten = await t.database.listen('carepoint_events', (payload) =>
        heard.push(JSON.parse(payload)),
      );
      const notify = vi.spyOn(t.app.dbHandle, 'notify');
      await Promise.all([
        t.app.events.publish('pharmacy', { doctorIds: [DOCTOR] }),
        t.app.events.publish('stock'),
      ]);
      expect(notify).toHaveBeenCalledTimes(1);
      await vi.waitFor(() =>
        expect(heard).toEqual([{ topic: 'pharmacy', doctorIds: [DOCTOR] }, { topic: 'stock' }]),
      );
      await unlisten();
    } finally {
      await t.close();
    }
  });
});
