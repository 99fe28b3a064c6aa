import { type CountPreview, type CountSheetRow, STOCK_COUNT_MESSAGES } from '@carepoint/contract';
import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '@/lib/api-client';
import { type CountEntries, lineErrorsOf, linesOf, postOf, withEntry } from './count-entries';

const row = (id: string): CountSheetRow => ({
  id,
  medicine: 'Folic acid 5 mg Tablet',
  dispensingUnit: 'tablet',
  batchNumber: `FA-${id}`,
  expiryDate: '2031-01-31',
  status: 'ok',
});

const typed = (...counts: Array<[string, string]>): CountEntries =>
  counts.reduce<CountEntries>((entries, [id, text]) => withEntry(entries, row(id), text), new Map());

describe('the counts typed on the count screen', () => {
  it('keeps a count per batch; a box emptied again is no count', () => {
    const entries = typed(['a', '12'], ['b', '3'], ['a', '14'], ['b', '  ']);
    expect([...entries.keys()]).toEqual(['a']);
    expect(entries.get('a')?.text).toBe('14');
  });

  it("become the preview's lines, whole units 0 or more, or each wrong box's message", () => {
    expect(linesOf(typed(['a', ' 12 '], ['b', '0']))).toEqual({
      lines: [
        { batchId: 'a', counted: 12 },
        { batchId: 'b', counted: 0 },
      ],
    });
    const wrong = linesOf(typed(['a', '12'], ['b', '-3'], ['c', '2.5'], ['d', 'ten']));
    expect('errors' in wrong && [...wrong.errors]).toEqual([
      ['b', STOCK_COUNT_MESSAGES.counted],
      ['c', STOCK_COUNT_MESSAGES.counted],
      ['d', STOCK_COUNT_MESSAGES.counted],
    ]);
  });

  it("puts the server's refusal of a line on that line's batch", () => {
    const lines = [{ batchId: 'a' }, { batchId: 'b' }];
    const refused = new ApiRequestError(400, 'VALIDATION', 'This batch is counted twice', {
      'lines.1.batchId': ['This batch is counted twice'],
      storeId: ['Choose a store'],
    });
    expect([...lineErrorsOf(refused, lines)]).toEqual([['b', 'This batch is counted twice']]);
    expect(lineErrorsOf(new Error('offline'), lines).size).toBe(0);
  });

  it('posts the preview with the quantities on record it showed', () => {
    const preview: CountPreview = {
      storeId: 's',
      storeName: 'Main Pharmacy',
      lines: [
        {
          batchId: 'a',
          medicine: 'Folic acid 5 mg Tablet',
          dispensingUnit: 'tablet',
          batchNumber: 'FA-1',
          expiryDate: '2031-01-31',
          unitCost: 1250,
          onRecord: 45,
          counted: 44,
          variance: -1,
          varianceValue: -1250,
        },
      ],
      totals: { differing: 1, gainValue: 0, lossValue: 1250, netValue: -1250 },
    };
    expect(postOf(preview, 'Shelf A')).toEqual({
      storeId: 's',
      note: 'Shelf A',
      lines: [{ batchId: 'a', counted: 44, onRecord: 45 }],
    });
  });
});
