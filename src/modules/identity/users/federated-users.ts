import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { randomBytes } from 'node:crypto';
import { ILike } from 'typeorm';
import { SecretBox } from '../../../platform/crypto/secret-box';
import { likeLiteral } from '../../../platform/database/like-pattern';
import { EventPublisher } from '../../../platform/events/event-publisher';
import { newObjectId } from '../../../platform/ids/object-id';
import { CredentialNames } from '../credentials/credential-names.store';
import { sealedDigestHashes } from '../credentials/secrets';
import { IdentityErrors } from '../identity.errors';
import { IdentityEventTypes, type UserCreatedRaw } from '../identity.events';
import { lockFederatedUser } from '../identity.locks';
import { UserRoleChanges } from '../roles/user-role-changes';
import { isValidUsername } from './password-policy';
import { UserEntity } from './user.entity';

export interface FederatedPerson {
  // The login name: the assertion's NameID (an e-mail address), in whatever case the provider wrote it.
  username: string;
  firstName: string;
  lastName: string;
  emailAddress: string;
}

export interface FederatedRole {
  roleName: string;
  orgId: string | null;
  groupId: string | null;
}

// A user signed in by an identity provider, created on first sign-in ("just in time") or brought up to
// date, with its roles in the organizations the provider manages set to what the federation grants. Runs
// in the caller's transaction; every change publishes its audit event (USER_CREATED, USER_UPDATED, the
// role events of UserRoleChanges).
@Injectable()
export class FederatedUsers {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly names: CredentialNames,
    private readonly roleChanges: UserRoleChanges,
    private readonly events: EventPublisher,
    private readonly secrets: SecretBox,
  ) {}

  // `username` of the answer: the user's name as stored, which may differ from the person's in case.
  async signIn(
    person: FederatedPerson,
    managedOrgIds: readonly string[],
    granted: FederatedRole[],
  ): Promise<{ userId: string; username: string; created: boolean }> {
    if (!isValidUsername(person.username)) throw IdentityErrors.INVALID_USERNAME(person.username);
    await lockFederatedUser(this.txHost.tx, person.username);
    let user = await this.existingUser(person.username);
    const created = user === null;
    if (user === null) {
      // The name may be an API key's: a person never takes over a key's name.
      if (!(await this.names.reserve(person.username)))
        throw IdentityErrors.USER_ALREADY_EXISTS(person.username);
      // A federated user signs in through its identity provider only: its Digest password is 32 random
      // bytes nobody ever sees (sealed like any other).
      user = await this.txHost.tx.getRepository(UserEntity).save({
        id: newObjectId(),
        username: person.username,
        firstName: person.firstName,
        lastName: person.lastName,
        emailAddress: person.emailAddress,
        mobileNumber: null,
        country: null,
        ...sealedDigestHashes(this.secrets, person.username, randomBytes(32).toString('base64url')),
      });
      const raw: UserCreatedRaw = {
        userId: user.id,
        username: user.username,
        apiKeyId: null,
        accessList: [],
      };
      await this.events.publish({
        eventTypeName: IdentityEventTypes.USER_CREATED,
        subject: { targetUsername: user.username },
        raw: { ...raw },
      });
    } else {
      await this.updateProfile(user, person);
    }
    await this.roleChanges.applyFederated(user, managedOrgIds, granted);
    return { userId: user.id, username: user.username, created };
  }

  // The user an identity provider names, its name compared ignoring case: e-mail addresses are, in
  // practice, so Ada@Example.com signs in as the user ada@example.com rather than becoming a second one.
  // Among users whose names differ only in case (other routes may create them), the exact spelling wins,
  // else the oldest. Locked for the update.
  private async existingUser(username: string): Promise<UserEntity | null> {
    const sameName = await this.txHost.tx.getRepository(UserEntity).find({
      where: { username: ILike(likeLiteral(username)) },
      order: { id: 'ASC' },
      lock: { mode: 'pessimistic_write' },
    });
    return sameName.find((user) => user.username === username) ?? sameName[0] ?? null;
  }

  // The names and e-mail address the identity provider sends win over what was stored.
  private async updateProfile(user: UserEntity, person: FederatedPerson): Promise<void> {
    const changed: string[] = [];
    for (const field of ['firstName', 'lastName', 'emailAddress'] as const) {
      if (user[field] !== person[field]) {
        user[field] = person[field];
        changed.push(field);
      }
    }
    if (changed.length === 0) return;
    await this.txHost.tx.getRepository(UserEntity).save(user);
    await this.events.publish({
      eventTypeName: IdentityEventTypes.USER_UPDATED,
      subject: { targetUsername: user.username },
      raw: { targetUserId: user.id, changedFields: changed },
    });
  }
}
