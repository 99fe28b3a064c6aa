/** The beds module's public surface: other modules, the app, the seed and tests outside it import only this. */
export { occupyFreeBed } from './service';
export { wardsWithIds } from './wards';
