import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { SecretBox, SecretBoxError } from '../../../platform/crypto/secret-box';
import { readHa1Rows, replaceHa1 } from './credential-sealing.writer';
import { lockCredentialSealing } from '../identity.locks';

const TABLES = ['users', 'api_keys'] as const;

// Brings the stored HA1 values to "sealed with the current key" at start, before any request is
// served: rows from before sealing existed (or written by an older instance during an upgrade) are
// sealed, and after a key rotation rows still sealed with a key of SECRETS_KEY_PREVIOUS are sealed
// again. Done here rather than in a migration because migrations do not hold the key, and the
// `npm run migration:run` path would then seal with a key the service might not use.
// A key that opens none of the stored values stops the start: serving would refuse every credential.
@Injectable()
export class CredentialSealing implements OnModuleInit {
  private readonly logger = new Logger('CredentialSealing');

  constructor(
    private readonly dataSource: DataSource,
    private readonly secrets: SecretBox,
  ) {}

  async onModuleInit(): Promise<void> {
    const counts = await this.dataSource.transaction(async (manager) => {
      await lockCredentialSealing(manager);
      const sealed: Record<string, number> = {};
      for (const table of TABLES) sealed[table] = await this.sealTable(manager, table);
      return sealed;
    });
    if (Object.values(counts).some((count) => count > 0)) {
      this.logger.log({ msg: 'credential HA1 values sealed with the current key', rows: counts });
    }
  }

  private async sealTable(manager: EntityManager, table: (typeof TABLES)[number]): Promise<number> {
    const rows = await readHa1Rows(manager, table);
    let changed = 0;
    for (const row of rows) {
      const md5 = this.resealed(table, row.id, row.ha1_md5);
      const sha256 = this.resealed(table, row.id, row.ha1_sha256);
      if (md5 === null && sha256 === null) continue;
      await replaceHa1(manager, table, row, md5 ?? row.ha1_md5, sha256 ?? row.ha1_sha256);
      changed++;
    }
    return changed;
  }

  // The value to store instead, or null when it is already sealed with the current key.
  private resealed(table: string, id: string, stored: string): string | null {
    if (!SecretBox.isSealed(stored)) return this.secrets.seal(stored);
    try {
      const opened = this.secrets.openReporting(stored);
      return opened.current ? null : this.secrets.seal(opened.plaintext);
    } catch (error) {
      if (!(error instanceof SecretBoxError)) throw error;
      throw new Error(
        `the credentials of ${table} row ${id} were sealed with a key that is neither SECRETS_KEY nor one ` +
          'of SECRETS_KEY_PREVIOUS: start with the key that sealed them (SECRETS_KEY_PREVIOUS during a rotation)',
      );
    }
  }
}
