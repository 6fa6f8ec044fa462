// The SQLSTATE of an error from Postgres, as `pg` gives it or as TypeORM wraps it (QueryFailedError keeps
// the driver's error in `driverError`); undefined for any other error.
export function sqlStateOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, driverError } = error as { code?: unknown; driverError?: { code?: unknown } };
  const state = driverError?.code ?? code;
  return typeof state === 'string' ? state : undefined;
}
