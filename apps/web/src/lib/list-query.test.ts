import { describe, expect, it } from 'vitest';
import { type ListDefaults, listChanges, listQueryString, readListState, withChanges } from './list-query';

const DEFAULTS: ListDefaults = { defaultLimit: 10, defaultSort: undefined, defaultOrder: 'asc' };
const url = (search: string) => new URLSearchParams(search);

/** What a table asks the server for once the URL holds `search`. */
const asked = (search: string, defaults = DEFAULTS) => listQueryString(readListState(url(search), defaults));

describe('the list state in the URL', () => {
  it('a bare URL is the first page at the default size, unsorted, unsearched', () => {
    expect(readListState(url(''), DEFAULTS)).toEqual({
      page: 1,
      limit: 10,
      sort: undefined,
      order: 'asc',
      q: '',
    });
    expect(asked('')).toBe('?page=1&limit=10');
  });

  it('a shared link shows the same page, size, sort and search', () => {
    expect(asked('page=3&limit=25&sort=fullName&order=desc&q=ada')).toBe(
      '?page=3&limit=25&sort=fullName&order=desc&q=ada',
    );
  });

  it('a hand-edited or broken URL falls back to the defaults instead of asking for nonsense', () => {
    expect(readListState(url('page=0&limit=-5&order=sideways'), DEFAULTS)).toMatchObject({
      page: 1,
      limit: 10,
      order: 'asc',
    });
    expect(readListState(url('page=2.5&limit=abc'), DEFAULTS)).toMatchObject({ page: 1, limit: 10 });
  });

  it("a screen's default sort and order apply until the user picks another", () => {
    const defaults: ListDefaults = { defaultLimit: 20, defaultSort: 'date', defaultOrder: 'desc' };
    expect(asked('', defaults)).toBe('?page=1&limit=20&sort=date&order=desc');
    expect(asked('sort=patient&order=asc', defaults)).toBe('?page=1&limit=20&sort=patient&order=asc');
  });

  it('the search is sent trimmed, and blank is no search', () => {
    expect(asked('q=%20%20ada%20')).toBe('?page=1&limit=10&q=ada');
    expect(asked('q=%20%20')).toBe('?page=1&limit=10');
  });
});

describe('what each control changes in the URL', () => {
  const apply = (search: string, changes: Record<string, string | null>) =>
    withChanges(url(search), changes).toString();

  it('paging keeps everything else; page 1 is left out of the URL', () => {
    expect(apply('sort=name&order=asc&q=ada', listChanges.page(4))).toBe('sort=name&order=asc&q=ada&page=4');
    expect(apply('page=4&q=ada', listChanges.page(1))).toBe('q=ada');
  });

  it('a new sort, search or size goes back to page 1', () => {
    expect(apply('page=5', listChanges.sort({ sort: 'email', order: 'desc' }))).toBe('sort=email&order=desc');
    expect(apply('page=5&sort=email&order=desc', listChanges.sort(null))).toBe('');
    expect(apply('page=5', listChanges.search('  bed 4 '))).toBe('q=bed+4');
    expect(apply('page=5&q=ada', listChanges.search('   '))).toBe('');
    expect(apply('page=5', listChanges.limit(50, 10))).toBe('limit=50');
    expect(apply('page=5&limit=50', listChanges.limit(10, 10))).toBe('');
  });

  it("a screen's own filters in the URL survive every list change", () => {
    expect(apply('status=Waiting&page=2', listChanges.search('ada'))).toBe('status=Waiting&q=ada');
    expect(apply('status=Waiting', listChanges.sort({ sort: 'date', order: 'asc' }))).toBe(
      'status=Waiting&sort=date&order=asc',
    );
  });

  it('what a control writes reads back as what the table then asks for', () => {
    let search = '';
    search = withChanges(url(search), listChanges.search('okafor')).toString();
    search = withChanges(url(search), listChanges.sort({ sort: 'createdAt', order: 'desc' })).toString();
    search = withChanges(url(search), listChanges.page(2)).toString();
    expect(asked(search)).toBe('?page=2&limit=10&sort=createdAt&order=desc&q=okafor');
  });
});
