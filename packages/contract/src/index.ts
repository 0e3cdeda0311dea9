export * from './limits';
export * from './errors';
export * from './roles';
export * from './birthday';
export * from './auth';
export * from './profiles';
export * from './health';
export * from './events';
