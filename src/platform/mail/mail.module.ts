import { DynamicModule, Global, Module, type Type } from '@nestjs/common';

// Makes the Mailer that the delivering side implements injectable everywhere, the way
// DeploymentFactsModule does for AgentActivity: the composition root passes in the module that provides
// it, so the context that mails reads it without importing the context that imports it.
@Global()
@Module({})
export class MailModule {
  static register(options: { imports: Array<Type | DynamicModule> }): DynamicModule {
    return { module: MailModule, imports: options.imports, exports: options.imports };
  }
}
