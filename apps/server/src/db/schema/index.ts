export * from './appointments';
export * from './audit';
export * from './auth';
export * from './platform';
