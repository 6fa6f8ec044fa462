import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CredentialDirectory } from '../../platform/auth/principal';
import { IdentityModule } from '../identity';
import { ApiKeyAccessListsController } from './api-key-access-lists/api-key-access-lists.controller';
import { GlobalApiKeyAccessListsController } from './api-key-access-lists/global-api-key-access-lists.controller';
import { ApiKeyAccessListsService } from './api-key-access-lists/api-key-access-lists.service';
import { AccessListCredentialDirectory } from './credentials/access-list-credential-directory';
import { AccessListUsageWriter } from './credentials/access-list-usage.writer';
import { IdentityEventsListener } from './credentials/identity-events.listener';
import { AccessListEntriesPipe } from './entries/access-list-entries.pipe';
import { AccessListEntryEntity } from './entries/access-list-entry.entity';
import { AccessListEntries } from './entries/access-list-entries.store';
import { GlobalAccessListEntryEntity } from './global-access-list/global-access-list-entry.entity';
import { GlobalAccessListController } from './global-access-list/global-access-list.controller';
import { GlobalAccessListService } from './global-access-list/global-access-list.service';
import { UserAccessListsController } from './user-access-lists/user-access-lists.controller';
import { UserAccessListsService } from './user-access-lists/user-access-lists.service';

// Owns API key and user access lists, and completes identity's credentials with them for Digest
// authentication: the one CredentialDirectory of the application is provided here.
@Module({
  imports: [TypeOrmModule.forFeature([AccessListEntryEntity, GlobalAccessListEntryEntity]), IdentityModule],
  controllers: [
    ApiKeyAccessListsController,
    GlobalApiKeyAccessListsController,
    GlobalAccessListController,
    UserAccessListsController,
  ],
  providers: [
    AccessListEntries,
    AccessListEntriesPipe,
    AccessListUsageWriter,
    ApiKeyAccessListsService,
    GlobalAccessListService,
    UserAccessListsService,
    IdentityEventsListener,
    { provide: CredentialDirectory, useClass: AccessListCredentialDirectory },
  ],
  exports: [CredentialDirectory],
})
export class AccessListsModule {}
