import { Entity, Index, PrimaryColumn } from 'typeorm';

// A project role held by a team; every member of the team holds it in that project.
@Entity({ name: 'team_project_roles' })
@Index('team_project_roles_group_id_idx', ['groupId'])
export class TeamProjectRoleEntity {
  @PrimaryColumn({
    name: 'team_id',
    type: 'varchar',
    length: 24,
    primaryKeyConstraintName: 'team_project_roles_pkey',
  })
  teamId!: string;

  @PrimaryColumn({
    name: 'group_id',
    type: 'varchar',
    length: 24,
    primaryKeyConstraintName: 'team_project_roles_pkey',
  })
  groupId!: string;

  @PrimaryColumn({ name: 'role_name', type: 'text', primaryKeyConstraintName: 'team_project_roles_pkey' })
  roleName!: string;
}
