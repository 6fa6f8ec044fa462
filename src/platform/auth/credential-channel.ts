// Postgres NOTIFY channel carrying the Digest user names whose credentials changed.
export const CREDENTIALS_CHANNEL = 'dms_credentials';
