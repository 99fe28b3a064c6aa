import { describe, expect, it } from 'vitest';
import { listQuerySchema, paginate, parseRecordNumber } from './common';

describe('paginate', () => {
  it('computes pages and neighbours', () => {
    expect(paginate(1, 20, 45)).toEqual({
      page: 1,
      limit: 20,
      total: 45,
      totalPages: 3,
      totalIsLowerBound: false,
      prevPage: null,
      nextPage: 2,
    });
    expect(paginate(3, 20, 45)).toMatchObject({ prevPage: 2, nextPage: null });
    expect(paginate(1, 20, 0)).toMatchObject({ totalPages: 1, prevPage: null, nextPage: null });
  });

  it('with a lower bound always offers the next page', () => {
    // Page 1 of 20 rows, counted up to 1,000 and more exist: "1,000+" rows, "50+" pages.
    expect(paginate(1, 20, 1000, true)).toEqual({
      page: 1,
      limit: 20,
      total: 1000,
      totalPages: 50,
      totalIsLowerBound: true,
      prevPage: null,
      nextPage: 2,
    });
    // A count capped at the end of this very page still means there is a page after it.
    expect(paginate(3, 20, 60, true)).toMatchObject({ totalPages: 4, prevPage: 2, nextPage: 4 });
    // The same numbers as an exact total end at this page.
    expect(paginate(3, 20, 60)).toMatchObject({ totalPages: 3, totalIsLowerBound: false, nextPage: null });
  });
});

describe('listQuerySchema', () => {
  const schema = listQuerySchema(['name', 'email']);
  it('defaults to page 1 of 20 rows', () => {
    expect(schema.parse({})).toEqual({ page: 1, limit: 20, order: 'asc' });
  });
  it('refuses sort columns outside the allow-list and oversized pages', () => {
    const bad = schema.safeParse({ sort: 'password_hash', limit: '101' });
    expect(bad.success).toBe(false);
    const msgs = bad.error?.issues.map((i) => i.message);
    expect(msgs).toContain('Sort must be one of: name, email');
    expect(msgs).toContain('Limit must be at most 100');
  });
});

describe('parseRecordNumber', () => {
  it('reads a typed record number as stored: any case, spaces around, leading zeros optional', () => {
    expect(parseRecordNumber('CP-000123')).toBe('CP-000123');
    expect(parseRecordNumber(' cp-000123 ')).toBe('CP-000123');
    expect(parseRecordNumber('Cp-123')).toBe('CP-000123');
    expect(parseRecordNumber('CP-1234567')).toBe('CP-1234567');
    expect(parseRecordNumber('CP-0001234567')).toBe('CP-1234567');
  });

  it('is undefined for anything else', () => {
    for (const text of ['CP-', 'CP000123', 'XP-000123', 'CP-12a', '000123', 'cp-000123@mail.example', ''])
      expect(parseRecordNumber(text), text).toBeUndefined();
  });
});
