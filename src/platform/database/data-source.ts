import { join } from 'node:path';
import { DataSource, DataSourceOptions } from 'typeorm';
import { loadConfig } from '../config/app-config';
import { TypeOrmLogger } from '../logging/typeorm-logger';
import { MIGRATIONS } from './migrations';
import { roleConnectionOption } from './service-role';

// One set of options for the application, the tests and the TypeORM CLI. role: the service role every
// connection of the pool starts in (service-role.ts); the migrations and the CLI connect without one.
export function dataSourceOptions(url: string, role?: string): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities: [join(__dirname, '..', '..', 'modules', '**', '*.entity.{ts,js}')],
    migrations: MIGRATIONS,
    migrationsTableName: 'typeorm_migrations',
    synchronize: false,
    migrationsRun: false,
    logging: ['error'],
    logger: new TypeOrmLogger(),
    extra: {
      max: 20,
      application_name: 'deployment-management-service',
      ...(role === undefined ? {} : { options: roleConnectionOption(role) }),
    },
  };
}

// Used by the TypeORM CLI (migration:generate); the application builds its own from AppConfig.
const cliUrl = loadConfig().databaseUrl ?? 'postgres://postgres@127.0.0.1:5432/dms';
export default new DataSource(dataSourceOptions(cliUrl));
