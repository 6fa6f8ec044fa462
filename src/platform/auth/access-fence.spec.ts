import fc from 'fast-check';
import { findMatchingCidr } from '../net/cidr';
import { fenceCovers, fenceOf, isWithinFence } from './access-fence';
import type { Principal } from './principal';

const address = fc.integer({ min: 0, max: 255 }).map((n) => `10.0.0.${n}`);
const block = fc
  .tuple(address, fc.integer({ min: 22, max: 32 }))
  .map(([network, prefix]) => `${network}/${prefix}`);
const anyBlock = fc.oneof(block, fc.constantFrom('0.0.0.0/0', '10.0.0.0/8', '127.0.0.1/32', '::/0'));
const list = fc.array(anyBlock, { maxLength: 4 });

const principal = (roles: string[], accessList: string[]): Principal => ({
  kind: 'API_KEY',
  id: 'k',
  name: 'k',
  roles: roles.map((roleName) => ({ roleName })),
  remoteAddress: '127.0.0.1',
  accessList,
});

describe('isWithinFence', () => {
  it('should hold any list within an open fence and no open list within a closed one', () => {
    expect(isWithinFence([], [])).toBe(true);
    expect(isWithinFence(['0.0.0.0/0'], [])).toBe(true);
    expect(isWithinFence([], ['127.0.0.1/32'])).toBe(false);
    expect(isWithinFence(['127.0.0.1/32'], ['127.0.0.0/8'])).toBe(true);
    expect(isWithinFence(['127.0.0.0/8'], ['127.0.0.1/32'])).toBe(false);
    expect(isWithinFence(['::1/128'], ['127.0.0.1/32'])).toBe(false);
    expect(fenceCovers(['10.0.0.0/8'], 'not a block')).toBe(false);
  });

  it('should never hold a list within a fence when the list admits an address the fence does not', () => {
    fc.assert(
      fc.property(list, list, fc.array(address, { maxLength: 20 }), (inner, fence, probes) => {
        if (!isWithinFence(inner, fence) || fence.length === 0) return;
        for (const probe of probes) {
          if (findMatchingCidr(probe, inner)) expect(findMatchingCidr(probe, fence)).toBeDefined();
        }
      }),
      { seed: 23, numRuns: 500 },
    );
  });
});

describe('fenceOf', () => {
  it('should be the caller access list, open for a global owner only', () => {
    expect(fenceOf(principal(['GLOBAL_USER_ADMIN'], ['127.0.0.1/32']))).toEqual(['127.0.0.1/32']);
    expect(fenceOf(principal([], ['127.0.0.1/32']))).toEqual(['127.0.0.1/32']);
    expect(fenceOf(principal(['GLOBAL_OWNER'], ['127.0.0.1/32']))).toEqual([]);
  });
});
