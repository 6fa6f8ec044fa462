import { changedSections } from './automation-config-sections';

describe('changedSections', () => {
  it('should name the sections added, removed or changed and nothing else', () => {
    const before = { processes: [{ name: 'a' }], replicaSets: [], uiBaseUrl: 'x' };
    const after = { processes: [{ name: 'a' }, { name: 'b' }], replicaSets: [], roles: [] };
    expect(changedSections(before, after)).toEqual(['processes', 'roles', 'uiBaseUrl']);
  });

  it('should find no change when the documents are equal', () => {
    expect(changedSections({ auth: { disabled: true } }, { auth: { disabled: true } })).toEqual([]);
  });
});
