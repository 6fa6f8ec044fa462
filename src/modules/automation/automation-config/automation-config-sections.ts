// Top-level sections of the product's automation configuration (the Go client's
// `automation_config.go`), with the JSON type each holds. `version` is not a section: the service assigns it.
export const OBJECT_SECTIONS = [
  'agentVersion',
  'auth',
  'balancer',
  'clusterWideConfigurations',
  'filebeat',
  'kerberos',
  'ldap',
  'mongoDbToolsVersion',
  'options',
  'prometheus',
  'ssl',
  'tls',
] as const;

export const ARRAY_SECTIONS = [
  'atlasProxies',
  'atlasUISes',
  'backupVersions',
  'cpsModules',
  'dbCheckModules',
  'indexConfigs',
  'maintainedEnvoys',
  'mongoDbVersions',
  'mongosqlds',
  'mongots',
  'monitoringVersions',
  'onlineArchiveModules',
  'processes',
  'replicaSets',
  'roles',
  'sharding',
] as const;

export const STRING_SECTIONS = ['uiBaseUrl'] as const;

export const SECTIONS: readonly string[] = [...OBJECT_SECTIONS, ...ARRAY_SECTIONS, ...STRING_SECTIONS];

export type AutomationDocument = Record<string, unknown>;

// What a project without a published configuration reads: the shape a client can edit and PUT back.
export const EMPTY_DOCUMENT: AutomationDocument = {
  auth: { disabled: true, usersWanted: [], usersDeleted: [] },
  backupVersions: [],
  monitoringVersions: [],
  mongoDbVersions: [],
  options: { downloadBase: '/var/lib/mongodb-mms-automation' },
  processes: [],
  replicaSets: [],
  roles: [],
  sharding: [],
};

// The sections (by name) whose content differs between two documents, for the audit event.
export function changedSections(before: AutomationDocument, after: AutomationDocument): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => JSON.stringify(before[name]) !== JSON.stringify(after[name])).sort();
}
