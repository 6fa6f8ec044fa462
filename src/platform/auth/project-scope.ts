import { Injectable } from '@nestjs/common';
import { CommonErrors } from '../http/error-codes';
import { ProjectDirectory } from './principal';

// The one check that a project named in a URL exists, answering with its organization (every audit
// event carries it). Only global callers reach an unknown project (the role guard admits no one else
// to it), and they get the product's 404 GROUP_NOT_FOUND.
@Injectable()
export class ProjectScope {
  constructor(private readonly projects: ProjectDirectory) {}

  async orgOf(groupId: string): Promise<string> {
    const orgId = await this.projects.orgOf(groupId);
    if (orgId === null) throw CommonErrors.GROUP_NOT_FOUND(groupId);
    return orgId;
  }
}
