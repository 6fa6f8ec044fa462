import { Inject, Injectable, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import { ChannelListener } from '../database/channel-listener';
import { CREDENTIALS_CHANNEL, PROJECTS_CHANNEL } from './credential-channel';
import { ALL_CREDENTIALS } from './credential-notice.writer';
import { Credential, CredentialDirectory, ProjectDirectory } from './principal';
import { ListenerChecks } from '../health/listener-checks';

interface Entry {
  credential: Credential | null;
  expiresAt: number;
}

// Names are chosen by callers: a flood of made-up names must not grow the cache without bound. Past this
// many entries the oldest are dropped; a dropped entry only costs its next lookup.
const MAX_ENTRIES = 100_000;

// Credentials by Digest user name, so that a known key and the 401 path cost no database trip.
// Entries are dropped when any instance commits a change (Postgres NOTIFY on CREDENTIALS_CHANNEL);
// the TTL is only a safety net for a lost listener connection.
@Injectable()
export class CredentialCache implements OnModuleInit, OnApplicationShutdown {
  private readonly entries = new Map<string, Entry>();
  private readonly epochs = new Map<string, number>();
  // Loads under way, by name, with the epoch each started in.
  private readonly loading = new Map<string, { epoch: string; credential: Promise<Credential | null> }>();
  private globalEpoch = 0;
  private listener: ChannelListener | undefined;

  constructor(
    private readonly directory: CredentialDirectory,
    private readonly projects: ProjectDirectory,
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly listenerChecks: ListenerChecks,
  ) {}

  async onModuleInit(): Promise<void> {
    this.listener = new ChannelListener(
      this.dataSource,
      [CREDENTIALS_CHANNEL, PROJECTS_CHANNEL],
      'dms-credential-changes',
      {
        onNotify: (payload, channel) => this.changed(payload, channel),
        // Anything that changed while we were not listening is unknown: start clean.
        onListening: () => this.invalidateAll(),
      },
    );
    this.listenerChecks.register('credentials', () => this.listening);
    await this.listener.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.listener?.stop();
  }

  private get listening(): boolean {
    return this.listener?.listening ?? false;
  }

  async get(name: string, now: number): Promise<Credential | null> {
    // Without a live listener, invalidations could be missed: read through.
    if (!this.listening) return this.directory.findByName(name);
    const cached = this.entries.get(name);
    if (cached && cached.expiresAt > now) return cached.credential;
    // Lookups of one name at the same time share one load (a burst of answers for one name arrives before
    // the first lookup is back: each would otherwise cost a query and a decryption), unless a change was
    // announced since that load started.
    const epochAtStart = this.epochOf(name);
    const inFlight = this.loading.get(name);
    if (inFlight !== undefined && inFlight.epoch === epochAtStart) return inFlight.credential;
    const credential: Promise<Credential | null> = this.load(name, now, epochAtStart).finally(() => {
      if (this.loading.get(name)?.credential === credential) this.loading.delete(name);
    });
    this.loading.set(name, { epoch: epochAtStart, credential });
    return credential;
  }

  private async load(name: string, now: number, epochAtStart: string): Promise<Credential | null> {
    // A change announced while we were loading must not be overwritten by what we loaded.
    const credential = await this.directory.findByName(name);
    // Unknown names are kept as long as known ones: were they forgotten sooner, a second probe of a name
    // would cost a database trip only when the name does not exist. Creating a key or a user announces
    // its name, which drops a cached "unknown".
    if (this.epochOf(name) === epochAtStart && this.config.authCacheTtlMs > 0) {
      this.entries.delete(name);
      while (this.entries.size >= MAX_ENTRIES)
        this.entries.delete(this.entries.keys().next().value as string);
      this.entries.set(name, { credential, expiresAt: now + this.config.authCacheTtlMs });
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
    this.projects.forget();
  }

  private epochOf(name: string): string {
    return `${this.globalEpoch}:${this.epochs.get(name) ?? 0}`;
  }

  private changed(payload: string, channel: string): void {
    if (!payload) return;
    if (channel === PROJECTS_CHANNEL) this.projects.forget(payload);
    else if (payload === ALL_CREDENTIALS) this.invalidateAll();
    else this.invalidate(payload);
  }
}
