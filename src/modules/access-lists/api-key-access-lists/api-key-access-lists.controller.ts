import { Param } from '@nestjs/common';
import { RequireOrgRole } from '../../../platform/auth/require-role.decorator';
import { apiKeyAccessListController } from './api-key-access-list-routes';

// Changes are further limited to Organization Owners and the key itself, which only narrows its own
// list unless it is an Organization Owner (see the service).
export class ApiKeyAccessListsController extends apiKeyAccessListController({
  path: 'orgs/:orgId/apiKeys/:apiKeyId/accessList',
  role: RequireOrgRole('ORG_MEMBER'),
  keyOrg: Param('orgId'),
  kind: 'organization',
  owner: 'Organization Owner',
  changer: 'an owner',
  notFound: 'no such key in this organization.',
}) {}
