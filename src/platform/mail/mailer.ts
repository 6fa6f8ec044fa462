// One plain-text e-mail to one address.
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

// Why a mail was not sent: no SMTP server configured, or the server (or the way to it) refused it.
export type MailOutcome =
  { sent: true } | { sent: false; reason: 'NOT_CONFIGURED' | 'FAILED'; error: string; status?: number };

// Sends e-mail through the operator's SMTP server. Declared here because the context that needs it
// (identity, for invitations) sits below the one that sends (deliveries, the only context that talks to
// receivers); the composition root passes in the module that implements it (MailModule.register).
export abstract class Mailer {
  abstract send(mail: OutgoingMail): Promise<MailOutcome>;
}
