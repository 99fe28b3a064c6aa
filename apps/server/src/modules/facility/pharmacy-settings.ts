import { DEFAULT_PHARMACY_SETTINGS, pharmacySettingsSchema } from '@carepoint/contract';
import { storedSetting } from './stored-setting';

/*
 * The pharmacy's settings (docs/areas/pharmacy.md): how many days before its expiry a batch is
 * flagged on the stock screen (90 unless an admin says otherwise).
 */
const pharmacy = storedSetting('pharmacy', pharmacySettingsSchema, DEFAULT_PHARMACY_SETTINGS);

/** The stored value, or the defaults. */
export const loadPharmacySettings = pharmacy.load;
/** GET /api/admin/facility/pharmacy. */
export const readPharmacySettings = pharmacy.read;
/** PUT /api/admin/facility/pharmacy: replaces the settings, audited. */
export const updatePharmacySettings = pharmacy.update;
