import { promises as dns, type LookupAddress, type LookupOptions } from 'node:dns';
import { OutboundRequestError } from './outbound-request-error';
import type { OutboundPolicy } from './outbound-policy';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

// Host name -> addresses. Injectable so that specs can resolve any name without DNS.
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: HostResolver = async (hostname) => {
  const addresses = await dns.lookup(hostname, { all: true, order: 'verbatim' });
  return addresses.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
};

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

// The `lookup` net.connect calls right before it opens the socket: the addresses are checked there,
// so a name that resolved to a public address earlier and to a private one now (DNS rebinding) is
// refused. One refused address refuses the whole name rather than silently trying the others. `port` is
// the one the request connects to (the allow list opens ports, not just addresses).
export function guardedLookup(policy: OutboundPolicy, resolver: HostResolver, port: number) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    resolver(hostname)
      .then((resolved) => {
        const family = options.family === 4 || options.family === 6 ? options.family : undefined;
        const usable = resolved.filter((entry) => family === undefined || entry.family === family);
        if (usable.length === 0) {
          const error: NodeJS.ErrnoException = new Error(`${hostname} has no address`);
          error.code = 'ENOTFOUND';
          callback(error, '');
          return;
        }
        for (const { address } of usable) {
          const refusal = policy.refusal(hostname, address, port);
          if (refusal) {
            callback(new OutboundRequestError('REFUSED', refusal), '');
            return;
          }
        }
        if (options.all) callback(null, usable);
        else callback(null, usable[0].address, usable[0].family);
      })
      .catch((error: NodeJS.ErrnoException) => callback(error, ''));
  };
}
