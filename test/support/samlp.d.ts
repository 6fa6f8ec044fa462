// The part of auth0's samlp (an identity provider's SAML middleware) the federated sign-in tests use.
declare module 'samlp' {
  import type { RequestHandler } from 'express';

  interface SamlpClaims {
    getClaims(options: unknown): Record<string, string | string[]>;
    getNameIdentifier(options: unknown): { nameIdentifier: string; nameIdentifierFormat?: string };
  }

  interface SamlpOptions {
    issuer: string;
    cert: string;
    key: string;
    audience?: string;
    recipient?: string;
    destination?: string;
    inResponseTo?: string;
    lifetimeInSeconds?: number;
    // false: the assertion is left unsigned (true by default).
    signAssertion?: boolean;
    signatureAlgorithm?: string;
    digestAlgorithm?: string;
    // The service provider's certificate: AuthnRequests must be signed with its key.
    signingCert?: string;
    profileMapper?: (user: unknown) => SamlpClaims;
    getUserFromRequest?: (req: unknown) => unknown;
    getPostURL?: (
      audience: string,
      request: unknown,
      req: unknown,
      callback: (error: Error | null, url?: string) => void,
    ) => void;
  }

  // What a test may change when it crafts a response.
  type SamlpOptionsOverride = Partial<
    Omit<SamlpOptions, 'profileMapper' | 'getUserFromRequest' | 'getPostURL'>
  >;

  export function auth(options: SamlpOptions): RequestHandler;
  export function getSamlResponse(
    options: SamlpOptions,
    user: unknown,
    callback: (error: Error | null, response?: string) => void,
  ): void;
  export function parseRequest(
    req: { query: Record<string, string>; body?: unknown },
    options: Record<string, unknown>,
    callback: (
      error: Error | null,
      request?: { id: string; issuer: string; assertionConsumerServiceURL?: string },
    ) => void,
  ): void;
}
