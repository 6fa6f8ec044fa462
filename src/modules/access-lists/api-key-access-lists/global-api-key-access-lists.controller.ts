import { RequireGlobalRole } from '../../../platform/auth/require-role.decorator';
import { apiKeyAccessListController, GlobalKey } from './api-key-access-list-routes';

// The access list of one global API key: read with any global role; changes are further limited to
// Global Owners and the key itself, which only narrows its own list unless it is a Global Owner (see
// the service, shared with organization keys).
export class GlobalApiKeyAccessListsController extends apiKeyAccessListController({
  path: 'admin/apiKeys/:apiKeyId/accessList',
  role: RequireGlobalRole('GLOBAL_READ_ONLY'),
  keyOrg: GlobalKey(),
  kind: 'global',
  owner: 'Global Owner',
  changer: 'a caller',
  notFound: 'no global key with this id.',
}) {}
