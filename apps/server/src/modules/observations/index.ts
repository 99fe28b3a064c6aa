/**
 * The observations module's public surface: the ward board reads each bed's latest NEWS2 here; the
 * demo data records sets and acknowledges an alert through the services.
 */
export { acknowledgeAlert } from './alerts';
export { latestNews2, newestNews2 } from './latest';
export { recordObservations } from './record';
