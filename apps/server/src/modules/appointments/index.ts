/** The appointments module's public surface: other modules import only this. */
export { bookWithDoctor, slotOf } from './service';
