import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import { parseMime } from './mime';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  // Lowercase names, unfolded.
  headers: Record<string, string>;
  text: string | undefined;
  html: string | undefined;
}

type Done = (error?: Error | null) => void;

// A local SMTP server on 127.0.0.1 and a random port (plain SMTP, no STARTTLS, no authentication)
// that records every message; `rejectNext` makes it refuse the next recipient with a reply code.
export class SmtpReceiver {
  readonly messages: ReceivedMail[] = [];
  private rejections: Array<{ code: number; message: string }> = [];
  private listeningPort = 0;
  private readonly server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onRcptTo: (_address, _session, done: Done) => this.acceptRecipient(done),
    onData: (stream, session, done: Done) => this.receive(stream, session, done),
  });

  private constructor() {}

  static async start(): Promise<SmtpReceiver> {
    const receiver = new SmtpReceiver();
    await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
    receiver.listeningPort = (receiver.server.server.address() as AddressInfo).port;
    return receiver;
  }

  url(): string {
    return `smtp://127.0.0.1:${this.listeningPort}`;
  }

  rejectNext(code: number, message: string): void {
    this.rejections.push({ code, message });
  }

  reset(): void {
    this.messages.length = 0;
    this.rejections = [];
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private acceptRecipient(done: Done): void {
    const rejection = this.rejections.shift();
    if (!rejection) return done();
    done(Object.assign(new Error(rejection.message), { responseCode: rejection.code }));
  }

  private receive(stream: SMTPServerDataStream, session: SMTPServerSession, done: Done): void {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const { headers, parts } = parseMime(raw);
      const part = (type: string) =>
        parts.find((p) => (p.headers['content-type'] ?? '').startsWith(type))?.body;
      const mailFrom = session.envelope.mailFrom;
      this.messages.push({
        from: mailFrom ? mailFrom.address : '',
        to: session.envelope.rcptTo.map((address) => address.address),
        raw,
        headers,
        text: part('text/plain'),
        html: part('text/html'),
      });
      done();
    });
  }
}
