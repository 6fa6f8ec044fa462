import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';

export interface ForwardingProxy {
  // e.g. http://192.0.2.2:41234
  url: string;
  close(): Promise<void>;
}

// A reverse proxy in front of the service, as nginx with `proxy_set_header X-Forwarded-For
// $proxy_add_x_forwarded_for` is: whatever X-Forwarded-For the client sent (repeated headers joined with
// commas, as nginx joins them) followed by the address the client connected from. Everything else is
// passed through as it came, in both directions.
export async function startForwardingProxy(target: string, listenAddress: string): Promise<ForwardingProxy> {
  const upstream = new URL(target);
  const server: Server = createServer((incoming, outgoing) => {
    const headers: IncomingHttpHeaders = { ...incoming.headers };
    const sent = incoming.headersDistinct['x-forwarded-for'];
    const peer = incoming.socket.remoteAddress ?? '';
    headers['x-forwarded-for'] = sent ? `${sent.join(', ')}, ${peer}` : peer;
    const forwarded = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: incoming.method,
        path: incoming.url,
        headers,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', () => outgoing.destroy());
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, listenAddress, resolve));
  const { port } = server.address() as AddressInfo;
  const host = listenAddress.includes(':') ? `[${listenAddress}]` : listenAddress;
  return {
    url: `http://${host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// An address of this machine that is not loopback: a client connecting from it is, to the proxy, a
// remote one (the /metrics loopback rule must not serve it).
export function nonLoopbackAddress(family: 'IPv4' | 'IPv6' = 'IPv4'): string {
  for (const addresses of Object.values(networkInterfaces())) {
    for (const address of addresses ?? []) {
      if (!address.internal && address.family === family && !address.address.startsWith('fe80:')) {
        return address.address;
      }
    }
  }
  throw new Error(`this machine has no ${family} address other than loopback, which the test needs`);
}
