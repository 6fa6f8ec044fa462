// The reference model of the membership test: each user's own roles per project, each team's members and
// its roles per project. A user's standing in a project is its own roles and those of every team it is in
// that is assigned there; any project role reads the project, GROUP_USER_ADMIN and GROUP_OWNER manage its
// users and teams.

export const ROLES = [
  'GROUP_READ_ONLY',
  'GROUP_MONITORING_ADMIN',
  'GROUP_USER_ADMIN',
  'GROUP_OWNER',
] as const;
export type ProjectRole = (typeof ROLES)[number];

const MANAGES_USERS: ReadonlySet<ProjectRole> = new Set(['GROUP_USER_ADMIN', 'GROUP_OWNER']);

export interface MembershipModel {
  // `${user}:${project}`
  own: Map<string, Set<ProjectRole>>;
  // team -> users
  members: Map<number, Set<number>>;
  // `${team}:${project}`
  assigned: Map<string, ProjectRole[]>;
}

export const newMembershipModel = (): MembershipModel => ({
  own: new Map(),
  members: new Map(),
  assigned: new Map(),
});

export const pair = (a: number, b: number): string => `${a}:${b}`;

export function standing(model: MembershipModel, user: number, project: number): Set<ProjectRole> {
  const roles = new Set(model.own.get(pair(user, project)) ?? []);
  for (const [team, users] of model.members) {
    if (!users.has(user)) continue;
    for (const role of model.assigned.get(pair(team, project)) ?? []) roles.add(role);
  }
  return roles;
}

export const canRead = (roles: Set<ProjectRole>): boolean => roles.size > 0;
export const canManageUsers = (roles: Set<ProjectRole>): boolean =>
  [...roles].some((role) => MANAGES_USERS.has(role));
