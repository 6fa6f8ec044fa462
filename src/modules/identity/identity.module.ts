import { FederatedUsers } from './users/federated-users';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FirstUserGate } from '../../platform/auth/first-user-gate';
import { ProjectDirectory } from '../../platform/auth/principal';
import { ApiKeyIssuer } from './api-keys/api-key-issuer';
import { ApiKeyRoleEntity } from './api-keys/api-key-role.entity';
import { ApiKeyEntity } from './api-keys/api-key.entity';
import { ApiKeyResponses } from './api-keys/api-key-responses';
import { ApiKeyStore } from './api-keys/api-key.store';
import { GlobalApiKeysController } from './api-keys/global-api-keys.controller';
import { GlobalApiKeysService } from './api-keys/global-api-keys.service';
import { OrgApiKeysController } from './api-keys/org-api-keys.controller';
import { OrgApiKeysService } from './api-keys/org-api-keys.service';
import { ProjectApiKeysController } from './api-keys/project-api-keys.controller';
import { ProjectApiKeysService } from './api-keys/project-api-keys.service';
import { CredentialNames } from './credentials/credential-names.store';
import { CredentialsStore } from './credentials/credentials-read-model.store';
import { CredentialSealing } from './credentials/credential-sealing';
import { CredentialsService } from './credentials/credentials.service';
import { OrganizationEntity } from './organizations/organization.entity';
import { OrganizationsController } from './organizations/organizations.controller';
import { OrganizationsService } from './organizations/organizations.service';
import { OrganizationLifecycleService } from './organizations/organization-lifecycle.service';
import { ProjectLifecycleService } from './projects/project-lifecycle.service';
import { ProjectNames } from './projects/project-names';
import { ProjectTags } from './projects/project-tags';
import { ProjectOrgDirectory } from './projects/project-org.directory';
import { ProjectEntity } from './projects/project.entity';
import { ProjectsController } from './projects/projects.controller';
import { ProjectsService } from './projects/projects.service';
import { VisibleOrganizationsStore } from './organizations/visible-organizations-read-model.store';
import { ProjectOrgIdsStore } from './projects/project-org-ids.store';
import { VisibleProjectsStore } from './projects/visible-projects.store';
import { GlobalOwnersStore } from './roles/global-owners.store';
import { HeldRolesStore } from './roles/held-roles-read-model.store';
import { RoleGrants } from './roles/role-grants.writer';
import { FirstUserBootstrapGate } from './users/first-user-bootstrap.gate';
import { FirstUserController } from './users/first-user.controller';
import { UserRoleEntity } from './users/user-role.entity';
import { UserEntity } from './users/user.entity';
import { UserRecipients } from './users/user-recipients';
import { UserRecipientsStore } from './users/user-recipients-read-model.store';
import { UserTeamsStore } from './users/user-teams.store';
import { UsersController } from './users/users.controller';
import { UsersService } from './users/users.service';
import { UserAdminService } from './users/user-admin.service';
import { RequestedRoles } from './roles/requested-roles';
import { UserRoleChanges } from './roles/user-role-changes';
import { TeamEntity } from './teams/team.entity';
import { MembershipService } from './membership/membership.service';
import { MembershipStore } from './membership/membership-read-model.store';
import { OrgUsersController } from './membership/org-users.controller';
import { ProjectUsersController } from './membership/project-users.controller';
import { TeamUserEntity } from './teams/team-user.entity';
import { TeamProjectRoleEntity } from './teams/team-project-role.entity';
import { OrgTeamsController } from './teams/org-teams.controller';
import { ProjectTeamsController } from './teams/project-teams.controller';
import { ProjectTeamsService } from './teams/project-teams.service';
import { TeamMemberRoles } from './teams/team-member-roles';
import { TeamUsersController } from './teams/team-users.controller';
import { TeamsService } from './teams/teams.service';
import { InvitationEntity } from './invitations/invitation.entity';
import { InvitationAcceptanceController } from './invitations/invitation-acceptance.controller';
import { InvitationAcceptanceService } from './invitations/invitation-acceptance.service';
import { InvitationsService } from './invitations/invitations.service';
import { OrgInvitationsController } from './invitations/org-invitations.controller';
import { ProjectInvitationsController } from './invitations/project-invitations.controller';

@Module({
  imports: [
    TypeOrmModule.forFeature([
      OrganizationEntity,
      ProjectEntity,
      UserEntity,
      UserRoleEntity,
      ApiKeyEntity,
      ApiKeyRoleEntity,
      TeamEntity,
      TeamUserEntity,
      TeamProjectRoleEntity,
      InvitationEntity,
    ]),
  ],
  controllers: [
    FirstUserController,
    UsersController,
    OrganizationsController,
    ProjectsController,
    OrgApiKeysController,
    ProjectApiKeysController,
    GlobalApiKeysController,
    OrgUsersController,
    ProjectUsersController,
    OrgTeamsController,
    TeamUsersController,
    ProjectTeamsController,
    OrgInvitationsController,
    ProjectInvitationsController,
    InvitationAcceptanceController,
  ],
  providers: [
    FederatedUsers,
    CredentialNames,
    CredentialSealing,
    CredentialsService,
    CredentialsStore,
    ApiKeyIssuer,
    ApiKeyStore,
    ApiKeyResponses,
    RoleGrants,
    UsersService,
    UserAdminService,
    RequestedRoles,
    UserRoleChanges,
    GlobalOwnersStore,
    HeldRolesStore,
    VisibleProjectsStore,
    VisibleOrganizationsStore,
    ProjectOrgIdsStore,
    MembershipService,
    MembershipStore,
    TeamMemberRoles,
    TeamsService,
    ProjectTeamsService,
    InvitationsService,
    InvitationAcceptanceService,
    OrganizationsService,
    OrganizationLifecycleService,
    ProjectsService,
    ProjectLifecycleService,
    OrgApiKeysService,
    ProjectApiKeysService,
    GlobalApiKeysService,
    ProjectOrgDirectory,
    UserRecipients,
    UserRecipientsStore,
    ProjectNames,
    ProjectTags,
    UserTeamsStore,
    { provide: ProjectDirectory, useExisting: ProjectOrgDirectory },
    FirstUserBootstrapGate,
    { provide: FirstUserGate, useExisting: FirstUserBootstrapGate },
  ],
  exports: [
    CredentialsService,
    FederatedUsers,
    ProjectDirectory,
    FirstUserGate,
    UserRecipients,
    TeamsService,
    ProjectNames,
    ProjectTags,
  ],
})
export class IdentityModule {}
