import { Injectable } from '@nestjs/common';
import { ProjectDirectory } from '../../platform/auth/principal';
import { CommonErrors } from '../../platform/http/error-codes';

// The organization of a project, for events; an unknown project (reachable only by global callers,
// whom the role guard lets name any id) is the product's GROUP_NOT_FOUND.
@Injectable()
export class ProjectScope {
  constructor(private readonly projects: ProjectDirectory) {}

  async orgOf(groupId: string): Promise<string> {
    const orgId = await this.projects.orgOf(groupId);
    if (orgId === null) throw CommonErrors.GROUP_NOT_FOUND(groupId);
    return orgId;
  }
}
