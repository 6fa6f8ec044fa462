import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { IdentityModule } from '../identity';
import { ConnectedOrgEntity } from './connected-orgs/connected-org.entity';
import { ConnectedOrgViews } from './connected-orgs/connected-org.views';
import { ConnectedOrgsController } from './connected-orgs/connected-orgs.controller';
import { ConnectedOrgsService } from './connected-orgs/connected-orgs.service';
import { FederationAccess } from './federation-access';
import { FederationSettingsController } from './federation-settings/federation-settings.controller';
import { FederationSettingsEntity } from './federation-settings/federation-settings.entity';
import { FederationSettingsService } from './federation-settings/federation-settings.service';
import { IdentityProviderMetadataController } from './identity-providers/identity-provider-metadata.controller';
import { IdentityProviderMetadataService } from './identity-providers/identity-provider-metadata.service';
import { IdentityProviderEntity } from './identity-providers/identity-provider.entity';
import { IdentityProvidersController } from './identity-providers/identity-providers.controller';
import { IdentityProvidersService } from './identity-providers/identity-providers.service';
import { FederationGroupDeletedListener } from './group-deleted.listener';
import { RoleMappingEntity } from './role-mappings/role-mapping.entity';
import { RoleMappingsController } from './role-mappings/role-mappings.controller';
import { RoleMappingsService } from './role-mappings/role-mappings.service';
import { SamlServiceProviders } from './sign-in/saml-service-providers';
import { SignInProviders } from './sign-in/sign-in-providers';
import { SignInService } from './sign-in/sign-in.service';
import { SsoController } from './sign-in/sso.controller';

// Federated authentication: federations, SAML identity providers, connected organizations and role
// mappings. IdentityModule provides the users of an organization (userConflicts) and the ProjectDirectory
// (role assignments naming projects) and FederatedUsers (the users a sign-in creates or updates). Nothing is exported: no other context needs federation yet.
@Module({
  imports: [
    IdentityModule,
    TypeOrmModule.forFeature([
      FederationSettingsEntity,
      IdentityProviderEntity,
      ConnectedOrgEntity,
      RoleMappingEntity,
    ]),
  ],
  controllers: [
    FederationSettingsController,
    ConnectedOrgsController,
    RoleMappingsController,
    IdentityProviderMetadataController,
    IdentityProvidersController,
    SsoController,
  ],
  providers: [
    FederationAccess,
    ConnectedOrgViews,
    FederationSettingsService,
    ConnectedOrgsService,
    RoleMappingsService,
    IdentityProvidersService,
    IdentityProviderMetadataService,
    FederationGroupDeletedListener,
    SamlServiceProviders,
    SignInProviders,
    SignInService,
  ],
})
export class FederationModule {}
