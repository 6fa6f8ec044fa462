import type { OrgUserSummary } from '../../identity';
import { emailDomain } from '../domains';

export interface UserConflict {
  emailAddress: string;
  federationSettingsId: string;
  firstName: string;
  lastName: string;
  userId: string;
}

// The organization's users whose e-mail domain is not on the allow list (GO-ATLAS UserConflicts).
// The username is the login e-mail in the product; a user without an e-mail-shaped username is checked
// by its emailAddress, and one with neither always conflicts.
export function userConflicts(
  users: readonly OrgUserSummary[],
  domainAllowList: readonly string[],
  federationSettingsId: string,
): UserConflict[] {
  const allowed = new Set(domainAllowList.map((domain) => domain.toLowerCase()));
  return users.flatMap((user) => {
    const address =
      emailDomain(user.username) !== undefined ? user.username : (user.emailAddress ?? user.username);
    const domain = emailDomain(address);
    if (domain !== undefined && allowed.has(domain)) return [];
    return [
      {
        emailAddress: user.emailAddress ?? user.username,
        federationSettingsId,
        firstName: user.firstName,
        lastName: user.lastName,
        userId: user.id,
      },
    ];
  });
}
