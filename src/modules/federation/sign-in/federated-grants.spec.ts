import { federatedGrants, type ConnectedOrgGrants } from './federated-grants';

describe('federatedGrants', () => {
  const org: ConnectedOrgGrants = {
    orgId: 'org-a',
    postAuthRoleGrants: ['ORG_MEMBER'],
    domainRestrictionEnabled: false,
    domainAllowList: ['example.org'],
    mappings: [
      {
        externalGroupName: 'admins',
        roleAssignments: [{ groupId: 'project-1', orgId: null, role: 'GROUP_OWNER' }],
      },
      {
        externalGroupName: 'billing',
        roleAssignments: [{ groupId: null, orgId: 'org-a', role: 'ORG_BILLING_ADMIN' }],
      },
    ],
  };

  it('should grant postAuthRoleGrants and the roles of the mapped groups the person is in', () => {
    expect(federatedGrants([org], 'example.org', ['admins', 'other'])).toEqual([
      { roleName: 'ORG_MEMBER', orgId: 'org-a', groupId: null },
      { roleName: 'GROUP_OWNER', orgId: null, groupId: 'project-1' },
    ]);
  });

  it('should grant nothing in an organization with domain restriction to a domain off its allow list', () => {
    const restricted = { ...org, domainRestrictionEnabled: true, domainAllowList: ['example.com'] };
    expect(federatedGrants([restricted], 'example.org', ['admins'])).toEqual([]);
    expect(federatedGrants([{ ...restricted, domainAllowList: ['Example.org'] }], 'example.org', [])).toEqual(
      [{ roleName: 'ORG_MEMBER', orgId: 'org-a', groupId: null }],
    );
  });
});
