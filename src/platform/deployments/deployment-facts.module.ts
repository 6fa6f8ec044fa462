import { DynamicModule, Global, Module, type Type } from '@nestjs/common';

// Makes what the deployment side exports (AgentActivity) injectable everywhere, the way AuthModule does
// for the identity side: the composition root passes in the module that implements it, so that the
// projects' context reads it without importing the context that imports it.
@Global()
@Module({})
export class DeploymentFactsModule {
  static register(options: { imports: Array<Type | DynamicModule> }): DynamicModule {
    return { module: DeploymentFactsModule, imports: options.imports, exports: options.imports };
  }
}
