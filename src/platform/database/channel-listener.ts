import { Logger } from '@nestjs/common';
import { Client } from 'pg';
import type { DataSource } from 'typeorm';

const RECONNECT_MS = 1_000;

export interface ChannelHandlers {
  // A NOTIFY on one of the channels was committed somewhere.
  onNotify(payload: string, channel: string): void;
  // Listening (again): whatever was announced while not listening was missed.
  onListening(): void;
}

// A channel name cannot be a bind parameter: callers pass only names of their own.
export async function listenOn(client: Client, channel: string): Promise<void> {
  await client.query(`LISTEN ${channel}`);
}

// A dedicated connection LISTENing on Postgres channels (a pooled connection cannot hold a LISTEN),
// in the runtime pool's role (service-role.ts). A lost connection is replaced every RECONNECT_MS until it
// comes back; `onListening` then tells the owner to catch up on what it missed.
export class ChannelListener {
  private readonly logger = new Logger(ChannelListener.name);
  private client: Client | undefined;
  private closed = false;
  private retry: NodeJS.Timeout | undefined;
  private readonly channels: readonly string[];

  constructor(
    private readonly dataSource: DataSource,
    channels: string | readonly string[],
    // Shown in pg_stat_activity.application_name, so an operator can see (or end) the connection.
    private readonly applicationName: string,
    private readonly handlers: ChannelHandlers,
  ) {
    this.channels = typeof channels === 'string' ? [channels] : channels;
    for (const channel of this.channels) {
      if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`invalid channel name ${channel}`);
    }
  }

  get listening(): boolean {
    return this.client !== undefined;
  }

  // Never throws: a first connection that fails is retried like a lost one.
  async start(): Promise<void> {
    await this.connect().catch((error: unknown) => this.lost(error));
  }

  async stop(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const options = this.dataSource.options as { url?: string; extra?: { options?: string } };
    const client = new Client({
      connectionString: options.url,
      options: options.extra?.options,
      application_name: this.applicationName,
    });
    client.on('notification', (message) => {
      if (this.channels.includes(message.channel))
        this.handlers.onNotify(message.payload ?? '', message.channel);
    });
    // A terminated backend shows as an error, a closed socket as an end; either way this one is gone.
    const gone = (error: unknown): void => {
      if (this.client === client) this.client = undefined;
      void client.end().catch(() => undefined);
      this.lost(error);
    };
    client.on('error', gone);
    client.on('end', () => gone(new Error('connection ended')));
    await client.connect();
    for (const channel of this.channels) await listenOn(client, channel);
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.handlers.onListening();
  }

  // One reconnection at a time, however many ways the loss was reported.
  private lost(error: unknown): void {
    if (this.closed || this.retry !== undefined) return;
    this.logger.warn({
      msg: `listener on ${this.channels.join(', ')} lost; reconnecting`,
      err: error instanceof Error ? error.message : String(error),
    });
    this.retry = setTimeout(() => {
      this.retry = undefined;
      this.connect().catch((next: unknown) => this.lost(next));
    }, RECONNECT_MS);
    this.retry.unref();
  }
}
