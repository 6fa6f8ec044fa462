// A single linear pass over the raw bytes of a JSON body, before JSON.parse and long before
// class-transformer and class-validator see it: both recurse once per level (a body 10,000 levels deep
// exhausted the stack, a 500) and class-transformer de-duplicates an object's keys in quadratic time
// (80,000 keys cost seconds of CPU). The pass only tracks structure: it never builds a value, decodes
// a key only to name it in a refusal, and stops at the first excess.
//
// Structural characters are ASCII and UTF-8 never puts an ASCII byte inside a multi-byte character, so
// bytes are scanned directly. Malformed JSON is not this pass's concern (JSON.parse refuses it next):
// whatever the input, the work is one step per byte and the stack is bounded by the depth limit.

export interface JsonShapeLimits {
  maxDepth: number;
  maxKeysPerObject: number;
  maxItemsPerArray: number;
  // Attributes and array items of the whole body: class-transformer and class-validator spend from a few
  // to hundreds of microseconds on each (a typed item with all its checks), so a 1 MiB body of small
  // values within the other limits could still cost seconds.
  maxValues: number;
}

export type JsonShapeViolation =
  | { kind: 'depth'; path: string; limit: number }
  | { kind: 'keys'; path: string; limit: number }
  | { kind: 'items'; path: string; limit: number }
  | { kind: 'values'; limit: number };

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COLON = 0x3a;
const COMMA = 0x2c;

interface Frame {
  isObject: boolean;
  // Objects: colons seen (one per attribute). Arrays: commas seen (the index of the current item).
  count: number;
  // Objects: byte offsets of the current attribute's name, quotes included (-1 before the first).
  keyStart: number;
  keyEnd: number;
}

function resetFrame(frame: Frame, isObject: boolean): void {
  frame.isObject = isObject;
  frame.count = 0;
  frame.keyStart = -1;
  frame.keyEnd = -1;
}

function keyName(body: Uint8Array, frame: Frame): string {
  if (frame.keyStart < 0) return '';
  const raw = Buffer.from(body.buffer, body.byteOffset + frame.keyStart, frame.keyEnd - frame.keyStart);
  try {
    return String(JSON.parse(raw.toString('utf8')));
  } catch {
    return raw.toString('utf8').slice(1, -1);
  }
}

// The path of the value the innermost frame holds, in the notation validation errors use (`a.b[2].c`).
function pathOf(body: Uint8Array, stack: Frame[], depth: number): string {
  let path = '';
  for (let level = 0; level < depth; level += 1) {
    const frame = stack[level];
    if (frame.isObject) {
      const name = keyName(body, frame);
      path = path === '' ? name : `${path}.${name}`;
    } else {
      path = `${path}[${frame.count}]`;
    }
  }
  return path;
}

export function checkJsonShape(body: Uint8Array, limits: JsonShapeLimits): JsonShapeViolation | undefined {
  const stack: Frame[] = [];
  let depth = 0;
  let inString = false;
  let stringStart = 0;
  // True right after `{` or a `,` inside an object: the next string is an attribute name.
  let expectKey = false;
  let values = 0;
  for (let index = 0; index < body.length; index += 1) {
    const byte = body[index];
    if (inString) {
      if (byte === BACKSLASH) index += 1;
      else if (byte === QUOTE) {
        inString = false;
        if (expectKey) {
          const frame = stack[depth - 1];
          frame.keyStart = stringStart;
          frame.keyEnd = index + 1;
          expectKey = false;
        }
      }
      continue;
    }
    switch (byte) {
      case QUOTE:
        inString = true;
        stringStart = index;
        break;
      case OPEN_OBJECT:
      case OPEN_ARRAY:
        if (depth >= limits.maxDepth) {
          return { kind: 'depth', path: pathOf(body, stack, depth), limit: limits.maxDepth };
        }
        if (depth === stack.length) stack.push({ isObject: false, count: 0, keyStart: -1, keyEnd: -1 });
        resetFrame(stack[depth], byte === OPEN_OBJECT);
        depth += 1;
        expectKey = byte === OPEN_OBJECT;
        // An array's first item is counted here (an empty array too: a bound, not a census), the others at
        // their commas.
        if (byte === OPEN_ARRAY) {
          values += 1;
          if (values > limits.maxValues) return { kind: 'values', limit: limits.maxValues };
        }
        break;
      case CLOSE_OBJECT:
      case CLOSE_ARRAY:
        if (depth > 0) depth -= 1;
        expectKey = false;
        break;
      case COLON:
        if (depth > 0 && stack[depth - 1].isObject) {
          const frame = stack[depth - 1];
          frame.count += 1;
          if (frame.count > limits.maxKeysPerObject) {
            return { kind: 'keys', path: pathOf(body, stack, depth - 1), limit: limits.maxKeysPerObject };
          }
          values += 1;
          if (values > limits.maxValues) return { kind: 'values', limit: limits.maxValues };
        }
        expectKey = false;
        break;
      case COMMA:
        if (depth > 0) {
          const frame = stack[depth - 1];
          if (frame.isObject) expectKey = true;
          else {
            frame.count += 1;
            if (frame.count >= limits.maxItemsPerArray) {
              return { kind: 'items', path: pathOf(body, stack, depth - 1), limit: limits.maxItemsPerArray };
            }
            values += 1;
            if (values > limits.maxValues) return { kind: 'values', limit: limits.maxValues };
          }
        }
        break;
      default:
        break;
    }
  }
  return undefined;
}
