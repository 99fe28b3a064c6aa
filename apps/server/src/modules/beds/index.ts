/** The beds module's public surface: other modules, the app, the seed and tests outside it import only this. */
export { freeBeds, makeBedReady, occupyReservedBed, releaseBed, takeFreeBed } from './holds';
export { allWards, wardsWithIds } from './wards';
