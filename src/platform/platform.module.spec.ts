import type { DynamicModule, Provider } from '@nestjs/common';
import { APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { ClsModule } from 'nestjs-cls';
import { CLS_MODULE, withoutClsEnhancers } from './platform.module';

function providersOf(module: DynamicModule): Provider[] {
  return (module.imports ?? []).flatMap((imported) =>
    typeof imported === 'object' && 'module' in imported ? (imported.providers ?? []) : [],
  );
}

function enhancers(module: DynamicModule): unknown[] {
  return providersOf(module)
    .filter((provider): provider is Provider & { provide: unknown } => typeof provider === 'object')
    .map((provider) => provider.provide)
    .filter((token) => token === APP_GUARD || token === APP_INTERCEPTOR);
}

describe('withoutClsEnhancers', () => {
  it('should drop the global guard and interceptor nestjs-cls registers, and keep its other providers', () => {
    const original = ClsModule.forRoot({ middleware: { mount: false } });
    // If nestjs-cls stops registering them, this test says the workaround can go.
    expect(enhancers(original).sort()).toEqual([APP_GUARD, APP_INTERCEPTOR].sort());
    const filtered = withoutClsEnhancers(original);
    expect(enhancers(filtered)).toEqual([]);
    expect(providersOf(filtered)).toHaveLength(providersOf(original).length - 2);
  });

  it('should leave the platform module without global enhancers from nestjs-cls', () => {
    expect(enhancers(CLS_MODULE)).toEqual([]);
  });
});
