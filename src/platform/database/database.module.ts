import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { dataSourceOptions } from './data-source';

@Module({})
export class DatabaseModule {
  // role: the service role the runtime connections switch to (service-role.ts); undefined: none.
  static forRoot(databaseUrl: string, role: string | undefined): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRoot({
          ...dataSourceOptions(databaseUrl, role),
          entities: undefined,
          autoLoadEntities: true,
        }),
      ],
    };
  }
}
