import { CommonErrors } from '../../../platform/http/error-codes';
import { IdentityErrors } from '../identity.errors';
import type { ApiKeyEntity } from './api-key.entity';
import type { ApiKeyStore } from './api-key.store';

// Product limit: up to 500 API keys per organization.
export const MAX_API_KEYS_PER_ORG = 500;

// Missing, null or blank: the product's API_KEY_REQUIRES_DESCRIPTION (length is checked by the DTO).
export function requireDescription(desc: string | null | undefined): string {
  if (desc === undefined || desc === null || desc.trim() === '')
    throw IdentityErrors.API_KEY_REQUIRES_DESCRIPTION();
  return desc;
}

// At least one role, duplicates ignored.
export function requireRoles(roles: string[]): string[] {
  if (roles.length === 0) throw CommonErrors.MISSING_ATTRIBUTE('roles');
  return [...new Set(roles)];
}

// A key the store did not find (or found in another organization, or global under an organization) is
// "not found", as the product answers.
export function foundKey(key: ApiKeyEntity | null, apiKeyId: string): ApiKeyEntity {
  if (!key) throw IdentityErrors.API_KEY_NOT_FOUND(apiKeyId);
  return key;
}

// Serializes key creation per organization (its row locked until the transaction ends) so the 500-key
// limit holds under concurrency.
export async function reserveOrgKeySlot(store: ApiKeyStore, orgId: string): Promise<void> {
  if (!(await store.lockOrg(orgId))) throw CommonErrors.ORG_NOT_FOUND(orgId);
  const keys = await store.countOfOrg(orgId);
  if (keys >= MAX_API_KEYS_PER_ORG) throw IdentityErrors.API_KEY_LIMIT_EXCEEDED(MAX_API_KEYS_PER_ORG);
}
