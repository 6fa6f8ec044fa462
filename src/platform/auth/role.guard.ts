import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { CommonErrors } from '../http/error-codes';
import { ProjectDirectory, type Principal } from './principal';
import { ACCESS_REQUIREMENT, AccessRequirement, PUBLIC_ROUTE } from './require-role.decorator';
import { hasGlobalRole, hasOrgRole, hasProjectRole, isInProject } from './role-hierarchy';

interface RouteAccess {
  isPublic: boolean;
  requirement: AccessRequirement | undefined;
}

// Every route declares who may call it; a route that declares nothing is refused (fail closed).
@Injectable()
export class RoleGuard implements CanActivate {
  // A route's declarations are fixed once its decorators ran: read once per handler and controller
  // instead of four metadata lookups on every request.
  private readonly routes = new WeakMap<object, Map<object, RouteAccess>>();

  constructor(
    private readonly reflector: Reflector,
    private readonly projects: ProjectDirectory,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const { isPublic, requirement } = this.accessOf(context.getHandler(), context.getClass());
    if (isPublic) return true;
    const request = context
      .switchToHttp()
      .getRequest<{ principal?: Principal; params?: Record<string, string> }>();
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

  private accessOf(handler: object, controller: object): RouteAccess {
    let byController = this.routes.get(handler);
    if (!byController) {
      byController = new Map();
      this.routes.set(handler, byController);
    }
    let access = byController.get(controller);
    if (!access) {
      const targets = [handler as () => void, controller as () => void];
      access = {
        isPublic: Boolean(this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, targets)),
        requirement: this.reflector.getAllAndOverride<AccessRequirement | undefined>(
          ACCESS_REQUIREMENT,
          targets,
        ),
      };
      byController.set(controller, access);
    }
    return access;
  }
}
