import { describe, expect, it } from 'vitest';
import { listQuerySchema, paginate } from './common';

describe('paginate', () => {
  it('computes pages and neighbours', () => {
    expect(paginate(1, 20, 45)).toEqual({
      page: 1,
      limit: 20,
      total: 45,
      totalPages: 3,
      prevPage: null,
      nextPage: 2,
    });
    expect(paginate(3, 20, 45)).toMatchObject({ prevPage: 2, nextPage: null });
    expect(paginate(1, 20, 0)).toMatchObject({ totalPages: 1, prevPage: null, nextPage: null });
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
