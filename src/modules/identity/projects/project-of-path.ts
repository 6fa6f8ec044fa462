import type { EntityManager } from 'typeorm';
import { CommonErrors } from '../../../platform/http/error-codes';
import { ProjectEntity } from './project.entity';

// The project a membership or team route names, or GROUP_NOT_FOUND. Writers pass `hold`: the project is held
// (shared) until they commit, so a concurrent DELETE /groups/{groupId} waits and then drops what they wrote,
// instead of leaving roles for a project that is gone.
export async function projectOfPath(
  tx: EntityManager,
  groupId: string,
  hold = false,
): Promise<ProjectEntity> {
  const project = await tx.getRepository(ProjectEntity).findOne({
    where: { id: groupId },
    ...(hold ? { lock: { mode: 'pessimistic_read' as const } } : {}),
  });
  if (!project) throw CommonErrors.GROUP_NOT_FOUND(groupId);
  return project;
}
