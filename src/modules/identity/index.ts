export { IdentityModule } from './identity.module';
export {
  CredentialsService,
  type ApiKeySummary,
  type CredentialRecord,
  type UserSummary,
} from './credentials/credentials.service';
export { IdentityEventTypes, type OrgApiKeyDeletedRaw, type UserCreatedRaw } from './identity.events';
