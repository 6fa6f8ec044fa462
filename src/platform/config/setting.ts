// One environment variable: its name, how its text is read (the default included) and what it means.
// `earlier` holds the settings declared before it, for the defaults and bounds that depend on them.
export interface Setting<T, Earlier = unknown> {
  readonly env: string;
  readonly doc: string;
  // Masked wherever configuration is logged.
  readonly secret?: boolean;
  read(raw: string | undefined, earlier: Earlier): T;
}

// The configuration object a set of settings loads into.
export type SettingValues<S> = {
  -readonly [K in keyof S]: S[K] extends { read: (...args: never[]) => infer T } ? T : never;
};

export class ConfigError extends Error {}

// A value, or one computed from the settings declared before.
export type Fallback<T, Earlier> = T | ((earlier: Earlier) => T);

function fallbackOf<T, Earlier>(fallback: Fallback<T, Earlier>, earlier: Earlier): T {
  return typeof fallback === 'function' ? (fallback as (earlier: Earlier) => T)(earlier) : fallback;
}

// Every reader takes an empty variable as unset.
export function setting<T, Earlier = unknown>(
  env: string,
  doc: string,
  read: (raw: string | undefined, earlier: Earlier) => T,
  options: { secret?: boolean } = {},
): Setting<T, Earlier> {
  return {
    env,
    doc,
    secret: options.secret,
    read: (raw, earlier) => read(raw === '' ? undefined : raw, earlier),
  };
}

export function int<Earlier = unknown>(
  env: string,
  fallback: Fallback<number, Earlier>,
  [min, max]: [number, number],
  doc: string,
): Setting<number, Earlier> {
  return setting(env, doc, (raw, earlier: Earlier) => {
    if (raw === undefined) return fallbackOf(fallback, earlier);
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      throw new ConfigError(`${env} must be an integer between ${min} and ${max}, got "${raw}"`);
    }
    return value;
  });
}

export function bool(env: string, fallback: boolean, doc: string): Setting<boolean> {
  return setting(env, doc, (raw) => {
    if (raw === undefined) return fallback;
    if (['true', '1', 'yes'].includes(raw.toLowerCase())) return true;
    if (['false', '0', 'no'].includes(raw.toLowerCase())) return false;
    throw new ConfigError(`${env} must be true or false, got "${raw}"`);
  });
}

export function text(env: string, fallback: string, doc: string): Setting<string>;
export function text(
  env: string,
  fallback: undefined,
  doc: string,
  options?: { secret?: boolean },
): Setting<string | undefined>;
export function text(
  env: string,
  fallback: string | undefined,
  doc: string,
  options: { secret?: boolean } = {},
): Setting<string | undefined> {
  return setting(env, doc, (raw) => raw ?? fallback, options);
}

export function url(env: string, protocols: string[], fallback: string, doc: string): Setting<string>;
export function url(
  env: string,
  protocols: string[],
  fallback: undefined,
  doc: string,
  options?: { secret?: boolean },
): Setting<string | undefined>;
export function url(
  env: string,
  protocols: string[],
  fallback: string | undefined,
  doc: string,
  options: { secret?: boolean } = {},
): Setting<string | undefined> {
  return setting(
    env,
    doc,
    (raw) => (raw === undefined ? fallback : checkedUrl(env, raw, protocols)),
    options,
  );
}

function checkedUrl(env: string, raw: string, protocols: string[]): string {
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`${env} must be an absolute URL, got "${raw}"`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(`${env} must use ${protocols.map((p) => p.slice(0, -1)).join(' or ')}`);
  }
  return raw.replace(/\/+$/, '');
}

// Comma-separated entries, blanks dropped, each read by `entry` (which throws on a wrong one).
export function list(
  env: string,
  entry: (text: string) => string,
  doc: string,
  options: { secret?: boolean } = {},
): Setting<string[]> {
  return setting(
    env,
    doc,
    (raw) =>
      (raw ?? '')
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item !== '')
        .map(entry),
    options,
  );
}

// A setting whose value is then checked or bounded against the settings declared before it.
export function refined<T, Earlier>(
  base: Setting<T, Earlier>,
  refine: (value: T, earlier: Earlier) => T,
): Setting<T, Earlier> {
  return { ...base, read: (raw, earlier) => refine(base.read(raw, earlier), earlier) };
}

// Reads each setting in declaration order, handing it the values read before it.
export function loadSettings<S extends Record<string, Setting<unknown, never>>>(
  settings: S,
  env: NodeJS.ProcessEnv,
): SettingValues<S> {
  const values: Record<string, unknown> = {};
  for (const [key, declared] of Object.entries(settings)) {
    values[key] = declared.read(env[declared.env], values as never);
  }
  return values as SettingValues<S>;
}
