import { randomBytes, randomInt } from 'node:crypto';

// Resource ids look like the product's ObjectIds and are laid out like them: 4 bytes of seconds, 5 bytes
// chosen at random once per process, and a 3-byte counter. Ids one process makes within a second therefore
// sort in the order they were made (queued deliveries are sent in id order within one instant), and two
// processes never share the middle bytes but by chance. The counter starts low in its range so that it
// does not wrap before millions of ids.
const PROCESS_PART = randomBytes(5).toString('hex');
const COUNTER_LIMIT = 0x1000000;
let counter = randomInt(0, COUNTER_LIMIT / 2);

export function newObjectId(now: Date = new Date()): string {
  const seconds = Math.floor(now.getTime() / 1000)
    .toString(16)
    .padStart(8, '0');
  counter = (counter + 1) % COUNTER_LIMIT;
  return seconds + PROCESS_PART + counter.toString(16).padStart(6, '0');
}

export const OBJECT_ID_PATTERN = /^[0-9a-f]{24}$/;

export function isObjectId(value: string): boolean {
  return OBJECT_ID_PATTERN.test(value);
}
