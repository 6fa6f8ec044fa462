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
    for (const method of Object.getOwnPropertyNames(prototype)) {
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
