/** The observations module's public surface: the ward board reads each bed's latest NEWS2 here. */
export { latestNews2 } from './latest';
