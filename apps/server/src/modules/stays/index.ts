/** The stays module's public surface: the emergency room admits through it. */
export { admitIntoBed } from './admission';
