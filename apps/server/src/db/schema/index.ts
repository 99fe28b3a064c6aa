export * from './appointments';
export * from './audit';
export * from './auth';
export * from './beds';
export * from './emergency';
export * from './platform';
export * from './staff';
export * from './transactions';
