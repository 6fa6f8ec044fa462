import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import { CREDENTIALS_CHANNEL } from './credential-channel';
import { Credential, CredentialDirectory } from './principal';

interface Entry {
  credential: Credential | null;
  expiresAt: number;
}

const NEGATIVE_TTL_MS = 5_000;

// Credentials by Digest user name, so that a known key and the 401 path cost no database trip.
// Entries are dropped when any instance commits a change (Postgres NOTIFY on CREDENTIALS_CHANNEL);
// the TTL is only a safety net for a lost listener connection.
@Injectable()
export class CredentialCache implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('CredentialCache');
  private readonly entries = new Map<string, Entry>();
  private readonly epochs = new Map<string, number>();
  private globalEpoch = 0;
  private listener: Client | undefined;
  private closed = false;

  constructor(
    private readonly directory: CredentialDirectory,
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.listen();
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    await this.listener?.end().catch(() => undefined);
  }

  async get(name: string, now: number): Promise<Credential | null> {
    // Without a live listener, invalidations could be missed: read through.
    if (!this.listener) return this.directory.findByName(name);
    const cached = this.entries.get(name);
    if (cached && cached.expiresAt > now) return cached.credential;
    // A change announced while we were loading must not be overwritten by what we loaded.
    const epochAtStart = this.epochOf(name);
    const credential = await this.directory.findByName(name);
    if (this.epochOf(name) === epochAtStart && this.config.authCacheTtlMs > 0) {
      const ttl = credential ? this.config.authCacheTtlMs : Math.min(NEGATIVE_TTL_MS, this.config.authCacheTtlMs);
      this.entries.set(name, { credential, expiresAt: now + ttl });
    }
    return credential;
  }

  invalidate(name: string): void {
    this.entries.delete(name);
    this.epochs.set(name, (this.epochs.get(name) ?? 0) + 1);
  }

  invalidateAll(): void {
    this.entries.clear();
    this.globalEpoch++;
  }

  private epochOf(name: string): string {
    return `${this.globalEpoch}:${this.epochs.get(name) ?? 0}`;
  }

  private async listen(): Promise<void> {
    const options = this.dataSource.options as { url?: string };
    const client = new Client({ connectionString: options.url });
    client.on('notification', (message) => {
      if (message.payload) this.invalidate(message.payload);
    });
    client.on('error', (error) => {
      this.logger.warn({ msg: 'credential listener lost; cache cleared', err: error.message });
      this.invalidateAll();
      this.listener = undefined;
      void client.end().catch(() => undefined);
      this.scheduleReconnect();
    });
    await client.connect();
    await client.query(`LISTEN ${CREDENTIALS_CHANNEL}`);
    this.listener = client;
    // Anything that changed while we were not listening is unknown: start clean.
    this.invalidateAll();
  }

  private scheduleReconnect(): void {
    if (this.closed) return;
    setTimeout(() => {
      if (this.closed) return;
      this.listen().catch(() => this.scheduleReconnect());
    }, 1_000).unref();
  }
}
