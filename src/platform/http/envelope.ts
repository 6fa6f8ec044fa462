import { HttpStatus } from '@nestjs/common';

function isList(body: unknown): body is { results: unknown[] } & Record<string, unknown> {
  return typeof body === 'object' && body !== null && Array.isArray((body as { results?: unknown }).results);
}

// `envelope=true` (a convention of every product endpoint): a single result becomes {status, content};
// a list gets `status` added. Applied by the JSON writer to successful handler results only (error bodies stay as they are),
// not by a Nest interceptor: any global interceptor makes Nest run every request through an rxjs chain
// and an AsyncResource, a measurable share of a small GET (docs/benchmarks.md).
export function envelopeBody(body: unknown, status: number): unknown {
  if (body === undefined || status === Number(HttpStatus.NO_CONTENT)) return body;
  if (isList(body)) return { ...body, status };
  return { status, content: body };
}
