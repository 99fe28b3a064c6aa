export * from './audit';
export * from './auth';
export * from './platform';
export * from './appointments';
