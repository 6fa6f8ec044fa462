export { IdentityModule } from './identity.module';
export { CredentialsService, type OrgUserSummary } from './credentials/credentials.service';
export { IdentityEventTypes } from './identity.events';
export { IdentityErrors } from './identity.errors';
export { UserRecipients } from './users/user-recipients';
export type { PersonContact } from './users/user-recipients.store';
export { TeamsService } from './teams/teams.service';
export { ProjectNames, type ProjectLabels } from './projects/project-names';
export { FederatedUsers } from './users/federated-users';
