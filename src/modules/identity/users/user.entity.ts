import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

// Digest credentials are kept only as HA1 hashes (MD5 and SHA-256), each sealed with the SecretBox (an
// HA1 alone signs requests); the password is never stored.
@Entity({ name: 'users' })
@Index('users_username_key', ['username'], { unique: true })
export class UserEntity {
  @PrimaryColumn({ type: 'varchar', length: 24, primaryKeyConstraintName: 'users_pkey' })
  id!: string;

  @Column({ type: 'text' })
  username!: string;

  @Column({ name: 'first_name', type: 'text' })
  firstName!: string;

  @Column({ name: 'last_name', type: 'text' })
  lastName!: string;

  @Column({ name: 'email_address', type: 'text', nullable: true })
  emailAddress!: string | null;

  @Column({ name: 'mobile_number', type: 'text', nullable: true })
  mobileNumber!: string | null;

  @Column({ type: 'char', length: 2, nullable: true })
  country!: string | null;

  @Column({ name: 'ha1_md5', type: 'text' })
  ha1Md5!: string;

  @Column({ name: 'ha1_sha256', type: 'text' })
  ha1Sha256!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
