import type { EventDiff } from '../../../platform/events/domain-event';
import type { RoleAssignment, RoleMappingEntity } from './role-mapping.entity';

export interface ReplacementItem {
  id?: string | null;
  externalGroupName: string;
}

// One item of the new list: the mapping it keeps (absent for a new one) and what is written.
export interface ReplacedMapping {
  before?: RoleMappingEntity;
  after: RoleMappingEntity;
}

export interface RoleMappingReplacement {
  // The organization's mappings no item keeps, in list order.
  removed: RoleMappingEntity[];
  // One per item, in the order the client sent.
  next: ReplacedMapping[];
}

// The first externalGroupName given twice: an organization's names are unique.
export function duplicateExternalGroupName(items: readonly ReplacementItem[]): string | undefined {
  const seen = new Set<string>();
  for (const item of items) {
    if (seen.has(item.externalGroupName)) return item.externalGroupName;
    seen.add(item.externalGroupName);
  }
  return undefined;
}

// An item keeps the mapping named by its id, else the one with its externalGroupName. Ids are matched
// first, so that a name another item takes over does not capture the mapping an id names.
export function matchExistingMappings(
  current: readonly RoleMappingEntity[],
  items: readonly ReplacementItem[],
): { matched: Array<RoleMappingEntity | undefined>; unmatched: RoleMappingEntity[] } {
  const unmatched = new Map(current.map((mapping) => [mapping.id, mapping]));
  const matched = items.map((item) => {
    const byId = item.id != null ? unmatched.get(item.id) : undefined;
    if (byId) unmatched.delete(byId.id);
    return byId;
  });
  for (const [index, item] of items.entries()) {
    if (matched[index]) continue;
    const byName = [...unmatched.values()].find(
      (mapping) => mapping.externalGroupName === item.externalGroupName,
    );
    if (byName) unmatched.delete(byName.id);
    matched[index] = byName;
  }
  return { matched, unmatched: [...unmatched.values()] };
}

// The organization's mappings once `items` (with their checked role assignments, one list per item)
// replace `current`: a kept mapping keeps its id and creation date, and its update date unless it changed.
export function planRoleMappingReplacement(
  current: readonly RoleMappingEntity[],
  items: readonly ReplacementItem[],
  roleAssignments: readonly RoleAssignment[][],
  target: { orgId: string; now: Date; newId: () => string },
): RoleMappingReplacement {
  const { matched, unmatched } = matchExistingMappings(current, items);
  const next = items.map((item, index): ReplacedMapping => {
    const before = matched[index];
    const assignments = roleAssignments[index];
    return {
      before,
      after: {
        id: before?.id ?? target.newId(),
        orgId: target.orgId,
        externalGroupName: item.externalGroupName,
        roleAssignments: assignments,
        created: before?.created ?? target.now,
        updated:
          before && !mappingChanged(before, item.externalGroupName, assignments)
            ? before.updated
            : target.now,
      },
    };
  });
  return { removed: unmatched, next };
}

export function mappingChanged(
  before: RoleMappingEntity,
  externalGroupName: string,
  roleAssignments: RoleMappingEntity['roleAssignments'],
): boolean {
  return (
    before.externalGroupName !== externalGroupName ||
    JSON.stringify(before.roleAssignments) !== JSON.stringify(roleAssignments)
  );
}

// The audit diff of a mapping created (no before), removed (no after) or changed.
export function roleMappingDiff(
  before: RoleMappingEntity | undefined,
  after: RoleMappingEntity | undefined,
): EventDiff {
  const subject = (after ?? before) as RoleMappingEntity;
  const params = (['externalGroupName', 'roleAssignments'] as const)
    .filter((field) => JSON.stringify(before?.[field]) !== JSON.stringify(after?.[field]))
    .map((field) => ({ param: field, old: before?.[field], new: after?.[field] }));
  return {
    id: subject.id,
    name: subject.externalGroupName,
    type: 'ROLE_MAPPING',
    status: before === undefined ? 'NEW' : after === undefined ? 'REMOVED' : 'MODIFIED',
    params,
  };
}
