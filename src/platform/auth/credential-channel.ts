// Postgres NOTIFY channel carrying the Digest user names whose credentials changed.
export const CREDENTIALS_CHANNEL = 'dms_credentials';

// Postgres NOTIFY channel carrying the ids of deleted projects, so every instance forgets their
// organization (ProjectDirectory); listened to on the same connection as the credentials channel.
export const PROJECTS_CHANNEL = 'dms_projects';
