import { describe, expect, it } from 'vitest';
import { listOf, peaksOf } from './analytics';
import { canMoveErEntry, currentEtaMinutes, erWaitMinutes, queueEtas, triage } from './emergency';

// Normal vitals add nothing, so each case isolates one reading.
const normal = { heartRate: 80, systolic: 120, temperature: 37 };

describe('triage score (docs/areas/triage-schedule-profile.md)', () => {
  it.each([
    [49, 2],
    [50, 0],
    [120, 0],
    [121, 2],
  ])('heart rate %s adds %s', (heartRate, score) => {
    expect(triage({ ...normal, heartRate }).score).toBe(score);
  });

  it.each([
    [89, 2],
    [90, 0],
    [180, 0],
    [181, 2],
  ])('systolic %s adds %s', (systolic, score) => {
    expect(triage({ ...normal, systolic }).score).toBe(score);
  });

  it.each([
    [34.9, 1],
    [35, 0],
    [38.5, 0],
    [38.6, 1],
  ])('temperature %s adds %s', (temperature, score) => {
    expect(triage({ ...normal, temperature }).score).toBe(score);
  });

  it.each([
    [normal, 0, 'Low', 'General'],
    [{ ...normal, temperature: 39 }, 1, 'Low', 'General'],
    [{ ...normal, heartRate: 130 }, 2, 'Medium', 'General'],
    [{ ...normal, systolic: 85 }, 2, 'Medium', 'General'],
    [{ ...normal, heartRate: 45, temperature: 34 }, 3, 'High', 'ER'],
    [{ heartRate: 130, systolic: 200, temperature: 37 }, 4, 'High', 'ER'],
    [{ heartRate: 130, systolic: 200, temperature: 40 }, 5, 'High', 'ER'],
  ] as const)('%o scores %s: %s, %s', (vitals, score, priority, department) => {
    expect(triage(vitals)).toEqual({ score, priority, department });
  });
});

describe('queue ETA (docs/areas/admin-dashboards.md)', () => {
  const setAt = new Date('2030-01-07T09:00:00Z');
  const at = (ms: number) => new Date(setAt.getTime() + ms);

  it('drops one minute per full 60 seconds and stops at 0', () => {
    expect(currentEtaMinutes(5, setAt, at(0))).toBe(5);
    expect(currentEtaMinutes(5, setAt, at(59_999))).toBe(5);
    expect(currentEtaMinutes(5, setAt, at(60_000))).toBe(4);
    expect(currentEtaMinutes(5, setAt, at(5 * 60_000))).toBe(0);
    expect(currentEtaMinutes(5, setAt, at(60 * 60_000))).toBe(0);
  });

  it('never rises when the clock reads before the set time', () => {
    expect(currentEtaMinutes(5, setAt, at(-120_000))).toBe(5);
  });
});

describe('ER rules', () => {
  it('measures the wait to seen, to leaving unseen, or to now', () => {
    const arrivedAt = '2030-01-07T09:00:00Z';
    const now = new Date('2030-01-07T10:00:00Z');
    expect(erWaitMinutes({ arrivedAt, seenAt: '2030-01-07T09:25:30Z', leftAt: null }, now)).toBe(25);
    expect(erWaitMinutes({ arrivedAt, seenAt: null, leftAt: '2030-01-07T09:40:00Z' }, now)).toBe(40);
    expect(erWaitMinutes({ arrivedAt, seenAt: null, leftAt: null }, now)).toBe(60);
  });

  it('allows only forward moves', () => {
    expect(canMoveErEntry('Waiting', 'In Treatment')).toBe(true);
    expect(canMoveErEntry('In Treatment', 'Discharged')).toBe(true);
    expect(canMoveErEntry('In Treatment', 'Waiting')).toBe(false);
    expect(canMoveErEntry('Discharged', 'Admitted')).toBe(false);
    expect(canMoveErEntry('Admitted', 'Admitted')).toBe(true);
  });
});

describe('queueEtas', () => {
  const now = new Date('2030-01-07T09:10:00Z');
  const set = '2030-01-07T09:00:00Z';
  it('never gives a patient an ETA before the one ahead, counting each entry down', () => {
    expect(
      queueEtas(
        [
          { etaSetMinutes: 48, etaSetAt: set },
          { etaSetMinutes: 0, etaSetAt: set },
          { etaSetMinutes: 60, etaSetAt: set },
          { etaSetMinutes: 5, etaSetAt: set },
        ],
        now,
      ),
    ).toEqual([38, 38, 50, 50]);
    expect(queueEtas([], now)).toEqual([]);
  });
});

describe('peaksOf and listOf', () => {
  it('lists every tied peak and says nothing of an empty day', () => {
    const points = (values: Array<number | null>) => values.map((value, i) => ({ label: `${i}`, value }));
    expect(peaksOf(points([0, 2, 1, 2]))).toEqual({ labels: ['1', '3'], value: 2 });
    expect(peaksOf(points([0, 0, null]))).toBeNull();
    expect(peaksOf([])).toBeNull();
    expect(listOf(['08:00'])).toBe('08:00');
    expect(listOf(['08:00', '09:00'])).toBe('08:00 and 09:00');
    expect(listOf(['08:00', '09:00', '14:00'])).toBe('08:00, 09:00 and 14:00');
  });
});
