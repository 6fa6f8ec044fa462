import { Injectable } from '@nestjs/common';
import { Transactional, TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { assertWithinCallerFence } from '../../../platform/auth/access-fence';
import { CredentialCache } from '../../../platform/auth/credential-cache';
import { CredentialChanges } from '../../../platform/auth/credential-changes';
import { Clock } from '../../../platform/clock/clock';
import type { Principal } from '../../../platform/auth/principal';
import { mayManageMembers, roleBeyondReach, scopeOf } from '../../../platform/auth/role-grants';
import { hasGlobalRole } from '../../../platform/auth/role-hierarchy';
import { SecretBox } from '../../../platform/crypto/secret-box';
import { EventPublisher } from '../../../platform/events/event-publisher';
import { CommonErrors } from '../../../platform/http/error-codes';
import { assertReadOnlyUnchanged } from '../../../platform/http/read-only-fields';
import { PageLinks } from '../../../platform/http/pagination/page-links';
import { newObjectId } from '../../../platform/ids/object-id';
import { ApiKeyRoleEntity } from '../api-keys/api-key-role.entity';
import { ApiKeyEntity } from '../api-keys/api-key.entity';
import { CredentialNames } from '../credentials/credential-names.store';
import { sealedDigestHashes } from '../credentials/secrets';
import { IdentityErrors } from '../identity.errors';
import { IdentityEventTypes, type OrgApiKeyDeletedRaw, type UserCreatedRaw } from '../identity.events';
import { toRoleAssignment, type RoleRow } from '../roles/role-assignment.mapper';
import { HeldRolesStore } from '../roles/held-roles-read-model.store';
import { RequestedRoles } from '../roles/requested-roles';
import { UserRoleChanges } from '../roles/user-role-changes';
import { TeamUserEntity } from '../teams/team-user.entity';
import type { CreateUserRequest } from './dto/create-user.request';
import type { UpdateUserRequest } from './dto/update-user.request';
import type { UserResponse } from './dto/user.response';
import { isStrongPassword, isValidUsername } from './password-policy';
import { UserEntity } from './user.entity';
import { toUserResponse, userPath } from './user.mapper';
import { UserTeamsStore } from './user-teams.store';

const PROFILE_FIELDS = ['firstName', 'lastName', 'emailAddress', 'mobileNumber', 'country'] as const;

// POST/PATCH/DELETE /users: who may do it is the role-grant rule (platform/auth/role-grants.ts).
@Injectable()
export class UserAdminService {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly names: CredentialNames,
    private readonly requestedRoles: RequestedRoles,
    private readonly roleChanges: UserRoleChanges,
    private readonly credentialChanges: CredentialChanges,
    private readonly credentials: CredentialCache,
    private readonly heldRoles: HeldRolesStore,
    private readonly clock: Clock,
    private readonly events: EventPublisher,
    private readonly secrets: SecretBox,
    private readonly links: PageLinks,
    private readonly userTeams: UserTeamsStore,
  ) {}

  // A global user admin may create anyone; an ORG_OWNER or project user admin may create a user
  // with roles it may grant (at least one: a user with no role is a global admin's act).
  @Transactional()
  async create(principal: Principal, request: CreateUserRequest): Promise<UserResponse> {
    const roles = await this.requestedRoles.resolve(request.roles);
    if (roles.length === 0 && !hasGlobalRole(principal.roles, ['GLOBAL_USER_ADMIN']))
      throw CommonErrors.USER_UNAUTHORIZED();
    if (!isValidUsername(request.username)) throw IdentityErrors.INVALID_USERNAME(request.username);
    if (!isStrongPassword(request.password)) throw IdentityErrors.WEAK_PASSWORD();
    if (!(await this.names.reserve(request.username)))
      throw IdentityErrors.USER_ALREADY_EXISTS(request.username);

    const user = await this.txHost.tx.getRepository(UserEntity).save({
      id: newObjectId(),
      username: request.username,
      firstName: request.firstName,
      lastName: request.lastName,
      emailAddress: request.emailAddress,
      mobileNumber: request.mobileNumber ?? null,
      country: request.country ?? null,
      ...sealedDigestHashes(this.secrets, request.username, request.password),
    });
    const raw: UserCreatedRaw = {
      userId: user.id,
      username: user.username,
      apiKeyId: null,
      accessList: principal.accessList,
    };
    await this.events.publish({
      eventTypeName: IdentityEventTypes.USER_CREATED,
      subject: { targetUsername: user.username },
      raw: { ...raw },
    });
    const after = await this.roleChanges.apply(principal, user, roles);
    return toUserResponse(user, after, this.links.self(userPath(user.id)), []);
  }

  // Names, e-mail, mobile number and password: the user itself or a global user admin. Roles: anyone
  // who administers one of the user's scopes; `roles` replaces the roles the caller may grant.
  @Transactional()
  async update(principal: Principal, userId: string, request: UpdateUserRequest): Promise<UserResponse> {
    const user = await this.administrable(principal, userId);
    const teamIds = (await this.userTeams.teamIdsOf([user.id])).get(user.id) ?? [];
    assertReadOnlyUnchanged(request, {
      id: user.id,
      username: user.username,
      links: this.links.self(userPath(user.id)),
      teamIds,
    });
    const self = principal.kind === 'USER' && principal.id === user.id;
    // A profile field sent back as GET printed it is no change: an organization owner may write back
    // the whole user to change its roles.
    const profileChange =
      request.password !== undefined ||
      PROFILE_FIELDS.some((field) => request[field] !== undefined && request[field] !== user[field]);
    if (profileChange && !self) {
      if (!hasGlobalRole(principal.roles, ['GLOBAL_USER_ADMIN'])) throw CommonErrors.USER_UNAUTHORIZED();
      await this.assertOutranks(principal, user);
      if (request.password !== undefined) await this.assertFenceKept(principal, user);
    }
    if (request.password !== undefined && !isStrongPassword(request.password))
      throw IdentityErrors.WEAK_PASSWORD();
    const roles = request.roles !== undefined ? await this.requestedRoles.resolve(request.roles) : undefined;

    if (profileChange) {
      const changed: string[] = [];
      for (const field of PROFILE_FIELDS) {
        const value = request[field];
        if (value !== undefined && value !== user[field]) {
          user[field] = value;
          changed.push(field);
        }
      }
      if (request.password !== undefined) {
        Object.assign(user, sealedDigestHashes(this.secrets, user.username, request.password));
        changed.push('password');
        await this.credentialChanges.announce(user.username);
      }
      await this.txHost.tx.getRepository(UserEntity).save(user);
      if (changed.length > 0) {
        await this.events.publish({
          eventTypeName: IdentityEventTypes.USER_UPDATED,
          subject: { targetUsername: user.username },
          raw: { targetUserId: user.id, changedFields: changed },
        });
      }
    }
    const after =
      roles !== undefined
        ? await this.roleChanges.replaceWithinReach(principal, user, roles)
        : await this.roleChanges.rolesOf(user.id);
    return toUserResponse(user, after, this.links.self(userPath(user.id)), teamIds);
  }

  // Every role goes (each removal needs the grant right, so a global user admin cannot delete a
  // global owner and nobody deletes themselves), then team memberships, the name and the user.
  @Transactional()
  async delete(principal: Principal, userId: string): Promise<void> {
    const user = await this.administrable(principal, userId);
    if (!hasGlobalRole(principal.roles, ['GLOBAL_USER_ADMIN'])) throw CommonErrors.USER_UNAUTHORIZED();
    if (principal.kind === 'USER' && principal.id === user.id) throw CommonErrors.USER_UNAUTHORIZED();
    await this.assertOutranks(principal, user);
    await this.roleChanges.apply(principal, user, []);
    await this.txHost.tx.getRepository(TeamUserEntity).delete({ userId: user.id });
    await this.deleteOwnKeys(user.id);
    await this.txHost.tx.getRepository(UserEntity).delete({ id: user.id });
    await this.names.release(user.username);
    await this.credentialChanges.announce(user.username);
    await this.events.publish({
      eventTypeName: IdentityEventTypes.USER_DELETED,
      subject: { targetUsername: user.username },
      raw: { targetUserId: user.id },
    });
  }

  // The keys that are the user's own (the first user's generated global key) end with it; organization
  // keys belong to their organization and stay whoever created them. The access-lists context drops each
  // key's list on its API_KEY_DELETED event.
  private async deleteOwnKeys(userId: string): Promise<void> {
    const keys = await this.txHost.tx.getRepository(ApiKeyEntity).findBy({ ownerUserId: userId });
    for (const key of keys) {
      await this.txHost.tx.getRepository(ApiKeyRoleEntity).delete({ apiKeyId: key.id });
      await this.txHost.tx.getRepository(ApiKeyEntity).delete({ id: key.id });
      await this.credentialChanges.announce(key.publicKey);
      const raw: OrgApiKeyDeletedRaw = { apiKeyId: key.id };
      await this.events.publish({
        eventTypeName: IdentityEventTypes.API_KEY_DELETED,
        subject: { targetPublicKey: key.publicKey },
        raw: { ...raw },
      });
    }
  }

  // Whoever changes a user's password, e-mail or profile, or deletes it, acts on every role it holds
  // (its own and its teams'): that needs the right to grant each of them.
  private async assertOutranks(principal: Principal, user: UserEntity): Promise<void> {
    const held = await this.heldRoles.ofUser(user.id);
    const orgOf = await this.roleChanges.orgsOfGroups(held.flatMap((r) => (r.groupId ? [r.groupId] : [])));
    const beyond = roleBeyondReach(principal, held.map(toRoleAssignment), (g) => orgOf.get(g) ?? null);
    if (beyond) throw IdentityErrors.USER_OUTRANKS_CALLER(user.username, beyond.roleName);
  }

  // A password set by another caller is a credential that caller holds: it must not admit an address
  // the caller's own access list does not.
  private async assertFenceKept(principal: Principal, user: UserEntity): Promise<void> {
    const credential = await this.credentials.get(user.username, this.clock.now().getTime());
    assertWithinCallerFence(principal, credential?.accessList ?? [], `set the password of ${user.username}`);
  }

  // The user, if the caller is it or administers one of its organizations or projects; a caller
  // without that standing learns nothing (401), a global user admin gets 404 for an unknown id.
  private async administrable(principal: Principal, userId: string): Promise<UserEntity> {
    const globalAdmin = hasGlobalRole(principal.roles, ['GLOBAL_USER_ADMIN']);
    const user = await this.txHost.tx
      .getRepository(UserEntity)
      .findOne({ where: { id: userId }, lock: { mode: 'pessimistic_write' } });
    if (!user) throw globalAdmin ? IdentityErrors.USER_NOT_FOUND(userId) : CommonErrors.USER_UNAUTHORIZED();
    if (globalAdmin || (principal.kind === 'USER' && principal.id === user.id)) return user;
    const roles: RoleRow[] = await this.roleChanges.rolesOf(user.id);
    const orgOf = await this.roleChanges.orgsOfGroups(roles.flatMap((r) => (r.groupId ? [r.groupId] : [])));
    const administers = roles.some((row) => {
      const scope = scopeOf(toRoleAssignment(row), (g) => orgOf.get(g) ?? null);
      return scope.kind !== 'global' && mayManageMembers(principal, scope);
    });
    if (!administers) throw CommonErrors.USER_UNAUTHORIZED();
    return user;
  }
}
