import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

export type InvitationStatus = 'PENDING' | 'ACCEPTED' | 'DELETED' | 'REPLACED';

// An invitation to an organization (groupId null) or to one of its projects. Only PENDING ones are listed;
// the others stay so that following an old link is answered with why it no longer works. The link's token
// is kept only as its SHA-256 hash.
@Entity({ name: 'invitations' })
@Index('invitations_token_hash_key', ['tokenHash'], { unique: true })
@Index('invitations_org_id_group_id_idx', ['orgId', 'groupId'])
export class InvitationEntity {
  @PrimaryColumn({ type: 'varchar', length: 24, primaryKeyConstraintName: 'invitations_pkey' })
  id!: string;

  @Column({ name: 'org_id', type: 'varchar', length: 24 })
  orgId!: string;

  @Column({ name: 'group_id', type: 'varchar', length: 24, nullable: true })
  groupId!: string | null;

  @Column({ type: 'text' })
  username!: string;

  @Column({ type: 'text', array: true })
  roles!: string[];

  @Column({ name: 'team_ids', type: 'text', array: true })
  teamIds!: string[];

  // The inviter as it signed the request: a user or an API key, by id and Digest name.
  @Column({ name: 'inviter_kind', type: 'text' })
  inviterKind!: 'USER' | 'API_KEY';

  @Column({ name: 'inviter_id', type: 'varchar', length: 24 })
  inviterId!: string;

  @Column({ name: 'inviter_username', type: 'text' })
  inviterUsername!: string;

  @Column({ name: 'token_hash', type: 'text' })
  tokenHash!: string;

  @Column({ type: 'text' })
  status!: InvitationStatus;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'closed_at', type: 'timestamptz', nullable: true })
  closedAt!: Date | null;
}
