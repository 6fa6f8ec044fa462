import { ApiError } from '../../../platform/http/api-error';
import { checkRoleAssignments } from './role-assignment-rules';

const ORG = '5df7a168f10fab3a149357fb';
const OTHER_ORG = '5df7a168f10fab3a149357fc';
const PROJECT = '61e89721b827b56c845ff44c';
const FOREIGN_PROJECT = '61e89721b827b56c845ff44d';
const projects: Record<string, string> = { [PROJECT]: ORG, [FOREIGN_PROJECT]: OTHER_ORG };
const orgOf = (groupId: string) => Promise.resolve(projects[groupId] ?? null);

async function failure(assignments: Parameters<typeof checkRoleAssignments>[0]): Promise<ApiError> {
  try {
    await checkRoleAssignments(assignments, ORG, 'roleAssignments', orgOf);
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('checkRoleAssignments', () => {
  it('should accept org roles on the connected org and project roles on its projects, collapsing duplicates', async () => {
    const checked = await checkRoleAssignments(
      [
        { orgId: ORG, role: 'ORG_OWNER' },
        { groupId: PROJECT, orgId: null, role: 'GROUP_READ_ONLY' },
        { groupId: null, orgId: ORG, role: 'ORG_OWNER' },
      ],
      ORG,
      'roleAssignments',
      orgOf,
    );
    expect(checked).toEqual([
      { groupId: null, orgId: ORG, role: 'ORG_OWNER' },
      { groupId: PROJECT, orgId: null, role: 'GROUP_READ_ONLY' },
    ]);
  });

  it('should refuse with the product role-scope codes when ids are missing or misplaced', async () => {
    expect((await failure([{ groupId: PROJECT, orgId: ORG, role: 'ORG_MEMBER' }])).errorCode).toBe(
      'ROLE_NEEDS_NO_GROUP_ID',
    );
    expect((await failure([{ role: 'ORG_MEMBER' }])).errorCode).toBe('ROLE_NEEDS_ORG_ID');
    expect((await failure([{ orgId: ORG, role: 'GROUP_OWNER' }])).errorCode).toBe('ROLE_NEEDS_NO_ORG_ID');
    const missingGroup = await failure([{ orgId: ORG, role: 'ORG_OWNER' }, { role: 'GROUP_OWNER' }]);
    expect(missingGroup.errorCode).toBe('ROLE_NEEDS_GROUP_ID');
    expect(missingGroup.parameters).toEqual(['GROUP_OWNER', 'roleAssignments[1]']);
  });

  it('should refuse an org, a foreign project or an unknown project outside the connected org with one code', async () => {
    for (const assignment of [
      { orgId: OTHER_ORG, role: 'ORG_OWNER' },
      { groupId: FOREIGN_PROJECT, role: 'GROUP_OWNER' },
      { groupId: '61e89721b827b56c845ff44e', role: 'GROUP_OWNER' },
    ]) {
      expect((await failure([assignment])).errorCode).toBe('ROLE_ASSIGNMENT_OUTSIDE_CONNECTED_ORG');
    }
  });
});
