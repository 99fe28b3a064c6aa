export * from './auth';
export * from './common';
export * from './public';
export * from './ui';
export * from './nav';
