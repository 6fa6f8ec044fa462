import { isIP } from 'node:net';
import { ValidateBy, type ValidationOptions } from 'class-validator';

const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
const MAX_NAME_LENGTH = 253;

// A DNS host name (labels of 1-63 letters, digits and '-', not starting or ending with '-', at most
// 253 characters, one optional trailing dot) or an IP literal (IPv6 optionally in brackets). With
// allowPort, a `:port` suffix (1-65535) is accepted too.
export function isHostname(value: unknown, options: { allowPort?: boolean } = {}): boolean {
  if (typeof value !== 'string' || value.length === 0) return false;
  let host = value;
  if (options.allowPort) {
    const match = /^(.*):(\d{1,5})$/.exec(value);
    if (match && !(isIP(value) === 6 && !value.startsWith('['))) {
      const port = Number(match[2]);
      if (port < 1 || port > 65535) return false;
      host = match[1];
    }
  }
  if (host.startsWith('[') && host.endsWith(']')) return isIP(host.slice(1, -1)) === 6;
  if (isIP(host) !== 0) return true;
  const name = host.endsWith('.') ? host.slice(0, -1) : host;
  if (name.length === 0 || name.length > MAX_NAME_LENGTH) return false;
  return name.split('.').every((label) => LABEL.test(label));
}

export function IsHostname(
  options: { allowPort?: boolean } = {},
  validation?: ValidationOptions,
): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isHostname',
      validator: {
        validate: (value: unknown) => isHostname(value, options),
        defaultMessage: () =>
          `it must be a DNS host name (labels of 1-63 letters, digits or '-', at most 253 characters) or an IP address${
            options.allowPort ? ', with an optional :port' : ''
          }`,
      },
    },
    validation,
  );
}
