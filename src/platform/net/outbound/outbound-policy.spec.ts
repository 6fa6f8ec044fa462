import type { LookupAddress } from 'node:dns';
import { guardedLookup, type HostResolver } from './guarded-lookup';
import { OutboundPolicy } from './outbound-policy';
import { OutboundRequestError } from './outbound-request-error';

// Every name resolves to what the table says, as a rebinding DNS server would answer at connect time.
function stubResolver(answers: Record<string, string[]>): HostResolver {
  return (hostname) =>
    Promise.resolve(
      (answers[hostname] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    );
}

function lookupThrough(
  allowlist: string[],
  hostname: string,
  addresses: string[],
  port = 443,
): Promise<{ refused: string } | { addresses: string[] }> {
  const lookup = guardedLookup(new OutboundPolicy(allowlist), stubResolver({ [hostname]: addresses }), port);
  return new Promise((resolve, reject) => {
    lookup(hostname, { all: true }, (error, result) => {
      if (error instanceof OutboundRequestError && error.failure === 'REFUSED')
        resolve({ refused: error.message });
      else if (error) reject(error);
      else resolve({ addresses: (result as LookupAddress[]).map((entry) => entry.address) });
    });
  });
}

describe('OutboundPolicy through the connect-time lookup', () => {
  // [resolved address, allow list, expected: 'allowed' or the kind named in the refusal]
  const table: Array<[string, string[], string]> = [
    ['127.0.0.1', [], 'loopback'],
    ['127.53.0.9', [], 'loopback'],
    ['10.1.2.3', [], 'private (RFC 1918)'],
    ['172.16.0.1', [], 'private (RFC 1918)'],
    ['172.31.255.255', [], 'private (RFC 1918)'],
    ['172.32.0.1', [], 'allowed'],
    ['192.168.10.20', [], 'private (RFC 1918)'],
    ['100.64.0.1', [], 'shared address space (CGNAT)'],
    ['100.127.255.254', [], 'shared address space (CGNAT)'],
    ['100.128.0.1', [], 'allowed'],
    ['169.254.169.254', [], 'cloud metadata'],
    ['169.254.10.1', [], 'link-local'],
    ['0.0.0.0', [], 'unspecified ("this network")'],
    ['255.255.255.255', [], 'broadcast'],
    ['224.0.0.251', [], 'multicast'],
    ['240.0.0.1', [], 'reserved'],
    ['198.18.0.1', [], 'benchmarking'],
    ['8.8.8.8', [], 'allowed'],
    ['93.184.216.34', [], 'allowed'],
    ['::1', [], 'loopback'],
    ['::', [], 'unspecified'],
    ['fe80::1', [], 'link-local'],
    ['fc00::1', [], 'unique-local'],
    ['fd12:3456:789a::1', [], 'unique-local'],
    ['ff02::1', [], 'multicast'],
    ['64:ff9b::7f00:1', [], 'NAT64'],
    ['2002:7f00:1::1', [], '6to4'],
    ['2001:0:4136:e378::1', [], 'Teredo'],
    ['2001:db8::1', [], 'documentation'],
    ['::127.0.0.1', [], 'IPv4-compatible (deprecated)'],
    ['::ffff:127.0.0.1', [], 'loopback'],
    ['::ffff:7f00:1', [], 'loopback'],
    ['::ffff:10.0.0.1', [], 'private (RFC 1918)'],
    ['::ffff:169.254.169.254', [], 'cloud metadata'],
    ['::ffff:8.8.8.8', [], 'allowed'],
    ['2606:4700:4700::1111', [], 'allowed'],
    ['2a00:1450:4001:80b::200e', [], 'allowed'],
    ['3fff::1', [], 'documentation'],
    ['4000::1', [], 'not global unicast'],
    ['127.0.0.1', ['127.0.0.1/32'], 'allowed'],
    ['::ffff:127.0.0.1', ['127.0.0.1/32'], 'allowed'],
    ['127.0.0.2', ['127.0.0.1/32'], 'loopback'],
    ['10.20.30.40', ['10.0.0.0/8'], 'allowed'],
    ['192.168.1.1', ['10.0.0.0/8'], 'private (RFC 1918)'],
    ['fd00::5', ['fd00::/8'], 'allowed'],
    ['fe80::5', ['fd00::/8'], 'link-local'],
    ['::1', ['::1/128'], 'allowed'],
  ];

  it.each(table)('should judge %s with allow list %j as %s', async (address, allowlist, expected) => {
    const outcome = await lookupThrough(allowlist, 'target.example', [address]);
    if (expected === 'allowed') {
      expect(outcome).toEqual({ addresses: [address] });
    } else {
      expect(outcome).toHaveProperty('refused');
      const { refused } = outcome as { refused: string };
      expect(refused).toContain(` is ${expected} (`);
      expect(refused).toContain('(resolved from target.example)');
    }
  });

  it('should allow any address of a host name the allow list names', async () => {
    expect(await lookupThrough(['relay.internal'], 'relay.internal', ['10.0.0.7', 'fd00::7'])).toEqual({
      addresses: ['10.0.0.7', 'fd00::7'],
    });
    expect(await lookupThrough(['relay.internal'], 'RELAY.internal.', ['10.0.0.7'])).toEqual({
      addresses: ['10.0.0.7'],
    });
  });

  it('should not extend a host name entry to other names resolving to the same address', async () => {
    expect(await lookupThrough(['relay.internal'], 'other.internal', ['10.0.0.7'])).toHaveProperty('refused');
  });

  it('should refuse the whole name when one of its addresses is blocked', async () => {
    const outcome = await lookupThrough([], 'mixed.example', ['8.8.8.8', '10.0.0.1']);
    expect(outcome).toEqual({ refused: expect.stringContaining('10.0.0.1') });
  });

  it('should answer with one address when the caller did not ask for all of them', async () => {
    const lookup = guardedLookup(
      new OutboundPolicy([]),
      stubResolver({ 'one.example': ['8.8.4.4', '1.1.1.1'] }),
      443,
    );
    const answer = await new Promise<[string, number | undefined]>((resolve, reject) =>
      lookup('one.example', {}, (error, address, family) =>
        error ? reject(error) : resolve([address as string, family]),
      ),
    );
    expect(answer).toEqual(['8.8.4.4', 4]);
  });

  it('should report ENOTFOUND when the name has no address of the requested family', async () => {
    const lookup = guardedLookup(new OutboundPolicy([]), stubResolver({ 'v4.example': ['8.8.8.8'] }), 443);
    const error = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
      lookup('v4.example', { family: 6 }, (failure) => resolve(failure)),
    );
    expect(error?.code).toBe('ENOTFOUND');
  });

  it('should not say "resolved from" when the host is an address literal', () => {
    const refusal = new OutboundPolicy([]).refusal('[::1]', '::1', 443);
    expect(refusal).toBe('::1 is loopback (::1/128) and not on OUTBOUND_ALLOWLIST');
  });
});

describe('OutboundPolicy ports', () => {
  // [allow list, host, address, port, allowed]
  const table: Array<[string[], string, string, number, boolean]> = [
    [['127.0.0.1/32'], '127.0.0.1', '127.0.0.1', 80, true],
    [['127.0.0.1/32'], '127.0.0.1', '127.0.0.1', 443, true],
    [['127.0.0.1/32'], '127.0.0.1', '127.0.0.1', 8080, false],
    [['127.0.0.1/32'], '127.0.0.1', '127.0.0.1', 22, false],
    [['127.0.0.1/32:8080'], '127.0.0.1', '127.0.0.1', 8080, true],
    [['127.0.0.1/32:8080'], '127.0.0.1', '127.0.0.1', 443, false],
    [['127.0.0.1/32:*'], '127.0.0.1', '127.0.0.1', 6379, true],
    [['10.0.0.0/8:*'], 'hook.internal', '10.9.8.7', 5432, true],
    [['relay.internal'], 'relay.internal', '10.0.0.7', 443, true],
    [['relay.internal'], 'relay.internal', '10.0.0.7', 25, false],
    [['relay.internal:2525'], 'relay.internal', '10.0.0.7', 2525, true],
    [['relay.internal:*'], 'relay.internal', '10.0.0.7', 9200, true],
    [['[::1/128]:8443'], '[::1]', '::1', 8443, true],
    [['::1/128'], '[::1]', '::1', 8443, false],
    // Public unicast addresses are reached on any port whatever the list says.
    [[], 'hooks.example', '93.184.216.34', 8443, true],
    [['127.0.0.1/32'], 'hooks.example', '93.184.216.34', 22, true],
  ];

  it.each(table)(
    'should judge allow list %j, %s (%s) port %s: allowed %s',
    (list, host, address, port, allowed) => {
      const refusal = new OutboundPolicy(list).refusal(host, address, port);
      if (allowed) expect(refusal).toBeNull();
      else expect(refusal).toContain('not on OUTBOUND_ALLOWLIST');
    },
  );

  it('should name the port when the host is listed but the port is not', () => {
    expect(new OutboundPolicy(['127.0.0.1/32']).refusal('127.0.0.1', '127.0.0.1', 8080)).toBe(
      'port 8080 of 127.0.0.1 is loopback (127.0.0.0/8) and not on OUTBOUND_ALLOWLIST',
    );
  });
});
