import { request, type Dispatcher } from './checked-request';

export interface ApiResponse<T = any> {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: T;
  text: string;
}

export interface Credentials {
  publicKey: string;
  privateKey: string;
}

// A third-party Digest client (urllib) — never our own Digest code — talking real HTTP.
export async function call<T = any>(
  method: string,
  url: string,
  options: {
    auth?: Credentials;
    body?: unknown;
    headers?: Record<string, string>;
    rawBody?: string;
    // e.g. fromLocalAddress('127.0.0.2') from checked-request.
    dispatcher?: Dispatcher;
  } = {},
): Promise<ApiResponse<T>> {
  const response = await request(url, {
    method: method as 'GET',
    digestAuth: options.auth ? `${options.auth.publicKey}:${options.auth.privateKey}` : undefined,
    headers: {
      ...(options.body !== undefined || options.rawBody !== undefined
        ? { 'content-type': 'application/json' }
        : {}),
      ...options.headers,
    },
    content: options.rawBody ?? (options.body !== undefined ? JSON.stringify(options.body) : undefined),
    dataType: 'text',
    timeout: 30000,
    dispatcher: options.dispatcher,
  });
  const text = String(response.data ?? '');
  let body: unknown = text;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: response.status, headers: response.headers, body: body as T, text };
}
