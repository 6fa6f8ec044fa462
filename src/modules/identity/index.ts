export { IdentityModule } from './identity.module';
export {
  CredentialsService,
  type ApiKeySummary,
  type CredentialRecord,
  type OrgUserSummary,
  type UserSummary,
} from './credentials/credentials.service';
export {
  IdentityEventTypes,
  type GroupDeletedRaw,
  type OrgApiKeyAddedRaw,
  type OrgApiKeyDeletedRaw,
  type UserCreatedRaw,
} from './identity.events';
export { IdentityErrors } from './identity.errors';
export { UserRecipients } from './users/user-recipients';
export type { PersonContact } from './users/user-recipients.store';
export { TeamsService, type TeamMember } from './teams/teams.service';
export { ProjectNames } from './projects/project-names';
