export { AccessListsModule } from './access-lists.module';
