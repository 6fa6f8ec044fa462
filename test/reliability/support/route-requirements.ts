import type { INestApplication } from '@nestjs/common';
import { DiscoveryService, ModulesContainer, Reflector } from '@nestjs/core';
import {
  ACCESS_REQUIREMENT,
  PUBLIC_ROUTE,
  type AccessRequirement,
} from '../../../src/platform/auth/require-role.decorator';

export type DeclaredAccess = AccessRequirement | { scope: 'public' } | { scope: 'undeclared' };

// Each handler's declared access (what the RoleGuard reads), keyed by the OpenAPI operationId
// (<Controller name without "Controller">_<method>, as src/platform/http/openapi.ts builds it).
export function declaredAccessByOperationId(app: INestApplication): Map<string, DeclaredAccess> {
  const reflector = app.get(Reflector);
  const discovery = new DiscoveryService(app.get(ModulesContainer));
  const result = new Map<string, DeclaredAccess>();
  for (const wrapper of discovery.getControllers()) {
    const controller = wrapper.metatype as (new (...args: never[]) => unknown) | undefined;
    if (!controller) continue;
    const prototype = controller.prototype as Record<string, unknown>;
    for (const method of methodNames(prototype)) {
      const handler = prototype[method];
      if (method === 'constructor' || typeof handler !== 'function') continue;
      const targets = [handler, controller];
      const id = `${controller.name.replace(/Controller$/, '')}_${method}`;
      if (reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, targets)) result.set(id, { scope: 'public' });
      else {
        const requirement = reflector.getAllAndOverride<AccessRequirement | undefined>(
          ACCESS_REQUIREMENT,
          targets,
        );
        result.set(id, requirement ?? { scope: 'undeclared' });
      }
    }
  }
  return result;
}

// A controller's own methods and those it inherits (a controller class built per kind of resource and
// extended, as Nest's router finds them), up to Object.prototype.
function methodNames(prototype: object): Set<string> {
  const names = new Set<string>();
  for (
    let at: object | null = prototype;
    at && at !== Object.prototype;
    at = Object.getPrototypeOf(at) as object | null
  ) {
    for (const name of Object.getOwnPropertyNames(at)) names.add(name);
  }
  return names;
}
