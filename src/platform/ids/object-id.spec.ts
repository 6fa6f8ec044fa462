import { isObjectId, newObjectId } from './object-id';

describe('newObjectId', () => {
  it('should sort ids made within one second in the order they were made', () => {
    const at = new Date('2026-01-05T08:00:00.123Z');
    const ids = Array.from({ length: 1000 }, () => newObjectId(at));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('should start with the seconds of its date and look like an ObjectId', () => {
    const id = newObjectId(new Date('2026-01-05T08:00:00Z'));
    expect(isObjectId(id)).toBe(true);
    expect(id.slice(0, 8)).toBe((Date.parse('2026-01-05T08:00:00Z') / 1000).toString(16));
  });
});
