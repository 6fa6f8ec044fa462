import type { LinkResponse } from '../../../platform/http/pagination/link.response';
import type { OrganizationResponse } from './dto/organization.response';
import type { OrganizationEntity } from './organization.entity';

export function orgPath(orgId: string): string {
  return `/orgs/${orgId}`;
}

export function toOrganizationResponse(org: OrganizationEntity, links: LinkResponse[]): OrganizationResponse {
  return { id: org.id, links, name: org.name };
}
