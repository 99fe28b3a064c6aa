/** The facility module's public surface: other modules, the app, the seed and tests outside it import only this. */

export { loadLabSettings } from './lab-settings';
export { loadPharmacySettings } from './pharmacy-settings';
export { loadFacility, readFacility, storeFacilityDefaults } from './service';
