import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
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

// A local SMTP server on 127.0.0.1 and a random port (plain SMTP, no STARTTLS, no authentication)
// that records every message; `rejectNext` makes it refuse the next recipients with a reply code.
export class SmtpReceiver {
  readonly messages: ReceivedMail[] = [];
  private rejections: Array<{ code: number; message: string }> = [];

  private constructor(
    private readonly server: SMTPServer,
    readonly port: number,
  ) {}

  static async start(): Promise<SmtpReceiver> {
    let receiver: SmtpReceiver | undefined;
    const server = new SMTPServer({
      disabledCommands: ['STARTTLS', 'AUTH'],
      authOptional: true,
      logger: false,
      onRcptTo(_address, _session, callback) {
        const rejection = receiver!.rejections.shift();
        if (!rejection) return callback();
        const error = Object.assign(new Error(rejection.message), { responseCode: rejection.code });
        callback(error);
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const { headers, parts } = parseMime(raw);
          const part = (type: string) => parts.find((p) => (p.headers['content-type'] ?? '').startsWith(type))?.body;
          receiver!.messages.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((address) => address.address),
            raw,
            headers,
            text: part('text/plain'),
            html: part('text/html'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    receiver = new SmtpReceiver(server, (server.server.address() as AddressInfo).port);
    return receiver;
  }

  url(): string {
    return `smtp://127.0.0.1:${this.port}`;
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
}
