export * from './event-types';
export * from './matchers';
export * from './metrics';
export * from './notification-types';
