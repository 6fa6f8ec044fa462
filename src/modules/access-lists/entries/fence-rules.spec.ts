import fc from 'fast-check';
import { ApiError } from '../../../platform/http/api-error';
import { findMatchingCidr } from '../../../platform/net/cidr';
import { assertMayAdd, assertMayRemove, assertStillAdmitsCaller, type FenceEditor } from './fence-rules';

const CALLER = '127.0.0.1';
// The holder itself is fenced by its current list (the services pass it); a global owner by nothing.
const fencedKey = (current: readonly string[]): FenceEditor => ({
  self: true,
  fence: current,
  address: CALLER,
});
const globalOwner: FenceEditor = { self: true, fence: [], address: CALLER };
const other: FenceEditor = { self: false, fence: [], address: CALLER };
const fencedOther: FenceEditor = { self: false, fence: ['127.0.0.1/32', '10.0.0.0/24'], address: CALLER };

function codeOf(run: () => void): string | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return error.errorCode;
    throw error;
  }
  return undefined;
}

// Small address space (10.0.0.0/24 and the caller) so that random blocks overlap often.
const address = fc.integer({ min: 0, max: 255 }).map((n) => `10.0.0.${n}`);
const block = fc
  .tuple(address, fc.integer({ min: 22, max: 32 }))
  .map(([network, prefix]) => `${network}/${prefix}`);
const anyBlock = fc.oneof(block, fc.constantFrom('0.0.0.0/0', '10.0.0.0/8', '127.0.0.0/8', '::/0'));

describe('assertMayAdd', () => {
  it('should refuse the fenced key adding 0.0.0.0/0, a block outside its fence or ::/0', () => {
    for (const added of ['0.0.0.0/0', '10.0.0.0/8', '::/0', '127.0.0.0/24']) {
      expect(codeOf(() => assertMayAdd(fencedKey(['127.0.0.1/32']), ['127.0.0.1/32'], [added]))).toBe(
        'CANNOT_WIDEN_OWN_ACCESS_LIST',
      );
    }
  });

  it('should let the fenced key narrow, a global owner or an unfenced caller widen, and anyone fence an open list', () => {
    expect(
      codeOf(() => assertMayAdd(fencedKey(['127.0.0.0/8']), ['127.0.0.0/8'], ['127.0.0.1/32'])),
    ).toBeUndefined();
    expect(codeOf(() => assertMayAdd(globalOwner, ['127.0.0.1/32'], ['0.0.0.0/0']))).toBeUndefined();
    expect(codeOf(() => assertMayAdd(other, ['127.0.0.1/32'], ['0.0.0.0/0']))).toBeUndefined();
    expect(codeOf(() => assertMayAdd(fencedKey([]), [], ['0.0.0.0/0']))).toBeUndefined();
    expect(codeOf(() => assertMayAdd(fencedOther, [], ['0.0.0.0/0']))).toBeUndefined();
  });

  it("should keep a fenced caller from opening another key's list beyond its own fence", () => {
    expect(codeOf(() => assertMayAdd(fencedOther, ['192.0.2.1/32'], ['10.0.0.0/25']))).toBeUndefined();
    expect(codeOf(() => assertMayAdd(fencedOther, ['192.0.2.0/24'], ['192.0.2.7/32']))).toBeUndefined();
    for (const added of ['0.0.0.0/0', '10.0.0.0/8', '::/0', '192.0.3.0/24']) {
      expect(codeOf(() => assertMayAdd(fencedOther, ['192.0.2.1/32'], [added]))).toBe(
        'WIDER_THAN_CALLER_ACCESS_LIST',
      );
    }
  });

  it('should never let a fenced holder admit an address its list did not admit', () => {
    fc.assert(
      fc.property(
        fc.array(anyBlock, { minLength: 1, maxLength: 4 }),
        fc.array(anyBlock, { minLength: 1, maxLength: 3 }),
        fc.array(fc.oneof(address, fc.constantFrom(CALLER, '192.0.2.1', '::1')), { maxLength: 20 }),
        (current, added, probes) => {
          if (codeOf(() => assertMayAdd(fencedKey(current), current, added)) !== undefined) return;
          const after = [...current, ...added];
          for (const probe of probes) {
            if (findMatchingCidr(probe, after)) expect(findMatchingCidr(probe, current)).toBeDefined();
          }
        },
      ),
      { seed: 17, numRuns: 400 },
    );
  });
  it('should never let a fenced caller open another list to an address outside its own fence', () => {
    fc.assert(
      fc.property(
        fc.array(anyBlock, { maxLength: 4 }),
        fc.array(anyBlock, { minLength: 1, maxLength: 3 }),
        fc.array(fc.oneof(address, fc.constantFrom(CALLER, '192.0.2.1', '::1')), { maxLength: 20 }),
        (current, added, probes) => {
          if (codeOf(() => assertMayAdd(fencedOther, current, added)) !== undefined) return;
          const after = [...current, ...added];
          for (const probe of probes) {
            const opened =
              current.length > 0 && !findMatchingCidr(probe, current) && findMatchingCidr(probe, after);
            if (opened) expect(findMatchingCidr(probe, fencedOther.fence)).toBeDefined();
          }
        },
      ),
      { seed: 17, numRuns: 400 },
    );
  });
});

describe('assertMayRemove', () => {
  it('should refuse the key removing the entry it calls from, even as a global owner', () => {
    for (const editor of [fencedKey(['127.0.0.1/32', '10.0.0.0/8']), globalOwner]) {
      expect(codeOf(() => assertMayRemove(editor, ['127.0.0.1/32', '10.0.0.0/8'], '127.0.0.1/32'))).toBe(
        'CANNOT_REMOVE_CALLER_FROM_ACCESS_LIST',
      );
    }
  });

  it('should refuse a fenced key or a fenced caller emptying a list and let an unfenced caller do it', () => {
    const elsewhere: FenceEditor = { ...fencedKey(['10.0.0.0/8']), address: '192.0.2.1' };
    expect(codeOf(() => assertMayRemove(elsewhere, ['10.0.0.0/8'], '10.0.0.0/8'))).toBe(
      'CANNOT_WIDEN_OWN_ACCESS_LIST',
    );
    expect(codeOf(() => assertMayRemove(fencedOther, ['192.0.2.1/32'], '192.0.2.1/32'))).toBe(
      'WIDER_THAN_CALLER_ACCESS_LIST',
    );
    expect(
      codeOf(() => assertMayRemove(fencedOther, ['192.0.2.1/32', '10.0.0.9/32'], '192.0.2.1/32')),
    ).toBeUndefined();
    expect(codeOf(() => assertMayRemove(other, ['127.0.0.1/32'], '127.0.0.1/32'))).toBeUndefined();
  });

  it('should leave a fenced holder on a non-empty list that still admits it after any removal it is allowed', () => {
    fc.assert(
      fc.property(fc.array(anyBlock, { minLength: 1, maxLength: 5 }), fc.nat(), (current, pick) => {
        const list = [...new Set([...current, `${CALLER}/32`])];
        const removed = list[pick % list.length];
        if (codeOf(() => assertMayRemove(fencedKey(list), list, removed)) !== undefined) return;
        const remaining = list.filter((entry) => entry !== removed);
        expect(remaining.length).toBeGreaterThan(0);
        expect(findMatchingCidr(CALLER, remaining)).toBeDefined();
      }),
      { seed: 17, numRuns: 400 },
    );
  });
});

describe('assertStillAdmitsCaller', () => {
  it('should accept an empty list or one admitting the caller, and refuse a non-empty one leaving it out', () => {
    expect(codeOf(() => assertStillAdmitsCaller(CALLER, []))).toBeUndefined();
    expect(codeOf(() => assertStillAdmitsCaller(CALLER, ['10.0.0.0/8', `${CALLER}/32`]))).toBeUndefined();
    expect(codeOf(() => assertStillAdmitsCaller('::ffff:10.1.2.3', ['10.0.0.0/8']))).toBeUndefined();
    expect(codeOf(() => assertStillAdmitsCaller(CALLER, ['10.0.0.0/8']))).toBe(
      'CANNOT_REMOVE_CALLER_FROM_ACCESS_LIST',
    );
  });
});
