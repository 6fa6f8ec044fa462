import type { ApiError } from '../http/api-error';

// Asked by the HTTP pipeline before the body of `POST /unauth/users` is read: once a user exists the
// bootstrap is closed for good, and an anonymous caller must not make the service read and parse a
// body only to be refused. The identity context answers; the refusal is the one its service gives.
export abstract class FirstUserGate {
  abstract refusal(): Promise<ApiError | undefined>;
}
