import { Injectable } from '@nestjs/common';
import { Transactional, TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { CredentialChanges } from '../../../platform/auth/credential-changes';
import type { Principal } from '../../../platform/auth/principal';
import { hasGlobalRole, hasOrgRole } from '../../../platform/auth/role-hierarchy';
import { EventPublisher } from '../../../platform/events/event-publisher';
import { CommonErrors } from '../../../platform/http/error-codes';
import { PageLinks } from '../../../platform/http/pagination/page-links';
import { SecretBox } from '../../../platform/crypto/secret-box';
import { newObjectId } from '../../../platform/ids/object-id';
import { ApiKeyIssuer } from '../api-keys/api-key-issuer';
import { apiKeyPath, toApiKeyResponse } from '../api-keys/api-key.mapper';
import { CredentialNames } from '../credentials/credential-names.store';
import { sealedDigestHashes } from '../credentials/secrets';
import { IdentityErrors } from '../identity.errors';
import { IdentityEventTypes, type UserCreatedRaw } from '../identity.events';
import { ProjectOrgIdsStore } from '../projects/project-org-ids.store';
import type { CreateFirstUserRequest } from './dto/create-first-user.request';
import type { FirstUserResponse, UserResponse } from './dto/user.response';
import { isStrongPassword, isValidUsername } from './password-policy';
import { UserRoleEntity } from './user-role.entity';
import { UserEntity } from './user.entity';
import { toUserResponse, userPath } from './user.mapper';
import { UserTeamsStore } from './user-teams.store';
import { lockFirstUser } from '../identity.locks';

const GLOBAL_KEY_DESCRIPTION = 'Automatically generated Global API key';

@Injectable()
export class UsersService {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly issuer: ApiKeyIssuer,
    private readonly names: CredentialNames,
    private readonly events: EventPublisher,
    private readonly credentialChanges: CredentialChanges,
    private readonly secrets: SecretBox,
    private readonly links: PageLinks,
    private readonly projectOrgIds: ProjectOrgIdsStore,
    private readonly userTeams: UserTeamsStore,
  ) {}

  // POST /unauth/users: the product's first-run bootstrap.
  @Transactional()
  async createFirstUser(request: CreateFirstUserRequest, accessList: string[]): Promise<FirstUserResponse> {
    await lockFirstUser(this.txHost.tx);
    if ((await this.txHost.tx.getRepository(UserEntity).count()) > 0) {
      throw IdentityErrors.INVITATION_ONLY_MODE_OR_LDAP();
    }
    if (!isValidUsername(request.username)) throw IdentityErrors.INVALID_USERNAME(request.username);
    if (!isStrongPassword(request.password)) throw IdentityErrors.WEAK_PASSWORD();
    if (!(await this.names.reserve(request.username)))
      throw IdentityErrors.INVALID_USERNAME(request.username);

    const user = await this.txHost.tx.getRepository(UserEntity).save({
      id: newObjectId(),
      username: request.username,
      firstName: request.firstName,
      lastName: request.lastName,
      emailAddress: request.emailAddress ?? null,
      ...sealedDigestHashes(this.secrets, request.username, request.password),
    });
    const globalOwner = { roleName: 'GLOBAL_OWNER', orgId: null, groupId: null };
    const userRoles = await this.txHost.tx
      .getRepository(UserRoleEntity)
      .save([{ userId: user.id, ...globalOwner }]);
    await this.credentialChanges.announce(user.username);
    const issued = await this.issuer.issue(GLOBAL_KEY_DESCRIPTION, null, [globalOwner], user.id);

    const raw: UserCreatedRaw = {
      userId: user.id,
      username: user.username,
      apiKeyId: issued.key.id,
      accessList: [...new Set(accessList)],
    };
    await this.events.publish({
      eventTypeName: IdentityEventTypes.USER_CREATED,
      subject: { targetUsername: user.username, targetPublicKey: issued.key.publicKey },
      raw: { ...raw },
    });
    return {
      programmaticApiKey: toApiKeyResponse(
        issued.key,
        issued.roles,
        this.links.self(apiKeyPath(issued.key)),
        issued.privateKey,
      ),
      user: toUserResponse(user, userRoles, this.links.self(userPath(user.id)), []),
    };
  }

  async getById(principal: Principal, userId: string): Promise<UserResponse> {
    const user = await this.txHost.tx.getRepository(UserEntity).findOneBy({ id: userId });
    return this.readable(principal, user, () => IdentityErrors.USER_NOT_FOUND(userId));
  }

  async getByName(principal: Principal, username: string): Promise<UserResponse> {
    const user = await this.txHost.tx.getRepository(UserEntity).findOneBy({ username });
    return this.readable(principal, user, () => IdentityErrors.USERNAME_NOT_FOUND(username));
  }

  // A caller reads itself; global readers read anyone; an organization owner reads the users that
  // hold a role in its organization or in one of its projects. Others learn nothing (401).
  private async readable(
    principal: Principal,
    user: UserEntity | null,
    notFound: () => Error,
  ): Promise<UserResponse> {
    const globalReader = hasGlobalRole(principal.roles, ['GLOBAL_READ_ONLY']);
    if (!user) throw globalReader ? notFound() : CommonErrors.USER_UNAUTHORIZED();
    const roles = await this.txHost.tx.getRepository(UserRoleEntity).findBy({ userId: user.id });
    const self = principal.kind === 'USER' && principal.id === user.id;
    if (!self && !globalReader && !(await this.ownsAnOrgOf(principal, roles))) {
      throw CommonErrors.USER_UNAUTHORIZED();
    }
    const teamIds = (await this.userTeams.teamIdsOf([user.id])).get(user.id) ?? [];
    return toUserResponse(user, roles, this.links.self(userPath(user.id)), teamIds);
  }

  private async ownsAnOrgOf(principal: Principal, roles: UserRoleEntity[]): Promise<boolean> {
    const orgIds = new Set(roles.flatMap((role) => (role.orgId !== null ? [role.orgId] : [])));
    const groupIds = roles.flatMap((role) => (role.groupId !== null ? [role.groupId] : []));
    if (groupIds.length > 0) {
      for (const orgId of await this.projectOrgIds.orgIdsOf(groupIds)) orgIds.add(orgId);
    }
    return [...orgIds].some((orgId) => hasOrgRole(principal.roles, orgId, ['ORG_OWNER']));
  }
}
