import { randomBytes } from 'node:crypto';

// Resource ids look like the product's ObjectIds: 24 lowercase hex digits, time-ordered.
export function newObjectId(now: Date = new Date()): string {
  const seconds = Math.floor(now.getTime() / 1000)
    .toString(16)
    .padStart(8, '0');
  return seconds + randomBytes(8).toString('hex');
}

export const OBJECT_ID_PATTERN = /^[0-9a-f]{24}$/;

export function isObjectId(value: string): boolean {
  return OBJECT_ID_PATTERN.test(value);
}
