import { LinkResponse } from '../../../../platform/http/pagination/link.response';
import { ReadOnlyField } from '../../../../platform/http/read-only-fields';
import { CreateOrganizationRequest } from './create-organization.request';

// PATCH takes what GET prints: the name is the one thing a client changes.
export class UpdateOrganizationRequest extends CreateOrganizationRequest {
  @ReadOnlyField({ type: String })
  id?: unknown;

  @ReadOnlyField({ type: [LinkResponse] })
  links?: unknown;
}
