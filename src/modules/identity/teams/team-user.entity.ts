import { Entity, Index, PrimaryColumn } from 'typeorm';

@Entity({ name: 'team_users' })
@Index('team_users_user_id_idx', ['userId'])
export class TeamUserEntity {
  @PrimaryColumn({
    name: 'team_id',
    type: 'varchar',
    length: 24,
    primaryKeyConstraintName: 'team_users_pkey',
  })
  teamId!: string;

  @PrimaryColumn({
    name: 'user_id',
    type: 'varchar',
    length: 24,
    primaryKeyConstraintName: 'team_users_pkey',
  })
  userId!: string;
}
