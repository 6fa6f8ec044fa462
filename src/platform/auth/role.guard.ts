import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { CommonErrors } from '../http/error-codes';
import { ProjectDirectory, type Principal } from './principal';
import { ACCESS_REQUIREMENT, AccessRequirement, PUBLIC_ROUTE } from './require-role.decorator';
import { hasGlobalRole, hasOrgRole, hasProjectRole, isInProject } from './role-hierarchy';

// Every route declares who may call it; a route that declares nothing is refused (fail closed).
@Injectable()
export class RoleGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly projects: ProjectDirectory,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, targets)) return true;
    const requirement = this.reflector.getAllAndOverride<AccessRequirement | undefined>(ACCESS_REQUIREMENT, targets);
    const request = context.switchToHttp().getRequest<{ principal?: Principal; params?: Record<string, string> }>();
    const principal = request.principal;
    if (!principal || !requirement) throw CommonErrors.USER_UNAUTHORIZED();
    const params = request.params ?? {};
    switch (requirement.scope) {
      case 'authenticated':
        return true;
      case 'global':
        if (hasGlobalRole(principal.roles, requirement.anyOf)) return true;
        throw CommonErrors.USER_UNAUTHORIZED();
      case 'org': {
        const orgId = params[requirement.param ?? 'orgId'];
        if (orgId === undefined || !hasOrgRole(principal.roles, orgId, requirement.anyOf)) {
          throw CommonErrors.USER_UNAUTHORIZED();
        }
        // Only a global role can reach an organization that does not exist: answer as the product does.
        if (!(await this.projects.orgExists(orgId))) throw CommonErrors.ORG_NOT_FOUND(orgId);
        return true;
      }
      case 'project': {
        const groupId = params[requirement.param ?? 'groupId'];
        if (groupId === undefined) throw CommonErrors.USER_UNAUTHORIZED();
        const orgId = await this.projects.orgOf(groupId);
        if (hasProjectRole(principal.roles, groupId, orgId, requirement.anyOf)) {
          if (orgId === null) throw CommonErrors.GROUP_NOT_FOUND(groupId);
          return true;
        }
        if (!isInProject(principal.roles, groupId, orgId)) throw CommonErrors.NOT_IN_GROUP();
        throw CommonErrors.USER_UNAUTHORIZED();
      }
    }
  }
}
