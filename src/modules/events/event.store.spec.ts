import { eventCountQuery, eventPageQuery, eventPageWithCountQuery } from './event.store';

const groupId = '5f1a2b3c4d5e6f7a8b9c0d1e';

describe('event list SQL', () => {
  it('should read the insert-maintained counters when the list is unfiltered', () => {
    const query = eventCountQuery({ scope: { groupId }, eventTypes: [] });
    expect(query.sql).toContain('FROM event_counts');
    expect(query.params).toEqual(['G', groupId]);
  });

  it('should count organization events under the organization scope kind', () => {
    const query = eventCountQuery({ scope: { orgId: groupId }, eventTypes: [] });
    expect(query.params).toEqual(['O', groupId]);
  });

  it('should count the matching rows when a type or a date filters the list', () => {
    expect(eventCountQuery({ scope: { groupId }, eventTypes: ['HOST_UP'] }).sql).toContain('count(*)');
    expect(eventCountQuery({ scope: { groupId }, eventTypes: [], from: new Date(0) }).sql).toContain(
      'count(*)',
    );
  });

  it('should read page 1 directly and later pages through their ids when paging', () => {
    const first = eventPageQuery({ scope: { groupId }, eventTypes: [] }, 0, 100);
    const later = eventPageQuery({ scope: { groupId }, eventTypes: ['HOST_UP', 'HOST_DOWN'] }, 9900, 100);
    expect(first.sql).not.toContain('WHERE id IN');
    expect(later.sql).toMatch(
      /^SELECT .* FROM events WHERE id IN \(SELECT id FROM \(SELECT id, created FROM/s,
    );
    expect(later.params).toEqual([groupId, 10000, 'HOST_UP', 'HOST_DOWN', 100, 9900]);
  });

  it('should read raw only when the list shows it, on page 1 and through the deferred join', () => {
    const filter = { scope: { groupId }, eventTypes: [] };
    const selectsRaw = (sql: string) => /(^|[\s,])raw([\s,]|$)/.test(sql);
    expect(selectsRaw(eventPageQuery(filter, 0, 100).sql)).toBe(false);
    expect(selectsRaw(eventPageQuery(filter, 9900, 100).sql)).toBe(false);
    expect(selectsRaw(eventPageQuery(filter, 0, 100, true).sql)).toBe(true);
    expect(selectsRaw(eventPageQuery(filter, 9900, 100, true).sql)).toBe(true);
  });

  it('should carry the count on every row of the page and keep the page statement otherwise', () => {
    const filter = { scope: { groupId }, eventTypes: ['HOST_UP', 'HOST_DOWN'], from: new Date(0) };
    for (const offset of [0, 9900]) {
      const page = eventPageQuery(filter, offset, 100);
      const count = eventCountQuery(filter);
      const both = eventPageWithCountQuery(filter, offset, 100);
      // The count's placeholders come first, then the page's, renumbered after them.
      const shift = count.params.length;
      const renumbered = page.sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + shift}`);
      const [columns, ...rest] = renumbered.split(' FROM ');
      expect(both.sql).toBe(`${columns}, (${count.sql}) AS "totalCount" FROM ${rest.join(' FROM ')}`);
      expect(both.params).toEqual([...count.params, ...page.params]);
    }
  });
});
