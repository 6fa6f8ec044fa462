// Who is calling: a programmatic API key or a user, with every role assignment it holds.
export interface RoleAssignment {
  roleName: string;
  // Exactly one of orgId / groupId for organization and project roles; neither for GLOBAL_* roles.
  orgId?: string;
  groupId?: string;
}

export interface Principal {
  kind: 'API_KEY' | 'USER';
  // apiKeyId or userId.
  id: string;
  // publicKey or username: the Digest user name.
  name: string;
  // Organization that owns an organization API key; undefined for users and global keys.
  orgId?: string;
  roles: RoleAssignment[];
  remoteAddress: string;
  // The access list that admitted this request (CIDR blocks); empty when the credential has none. What
  // the caller creates or changes never admits an address this list does not (access-fence.ts).
  accessList: string[];
}

// The credential record the Digest verifier needs; never holds a private key or password.
export interface Credential {
  principal: Omit<Principal, 'remoteAddress' | 'accessList'>;
  ha1Md5: string;
  ha1Sha256: string;
  // CIDR blocks the caller must come from; empty means any address.
  accessList: string[];
  // For a global API key: the global access list, which must admit the caller too (empty: any address).
  globalAccessList?: string[];
}

// Implemented by the context that owns credentials (identity + access lists); platform only sees this.
export abstract class CredentialDirectory {
  abstract findByName(name: string): Promise<Credential | null>;
  // Bookkeeping of the access-list entry that admitted a request (count, lastUsed, lastUsedAddress).
  abstract recordAccess(principal: Principal, matchedCidr: string): Promise<void>;
}

// Resolves the organization of a project, so project roles inherited from org roles can be checked.
export abstract class ProjectDirectory {
  abstract orgOf(groupId: string): Promise<string | null>;
  abstract orgExists(orgId: string): Promise<boolean>;
  // A project (its id) or an organization (`org:<id>`) deleted on any instance (PROJECTS_CHANNEL);
  // with no id, everything may be stale.
  abstract forget(id?: string): void;
}
