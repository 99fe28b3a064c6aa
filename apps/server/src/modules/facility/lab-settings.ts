import { DEFAULT_LAB_SETTINGS, labSettingsSchema } from '@carepoint/contract';
import { storedSetting } from './stored-setting';

/*
 * The laboratory's settings (docs/areas/lab-results.md): who verifies a result (a second scientist
 * by default, or the one who entered it in a separate step) and how long a critical result may
 * wait for the doctor before the administrators see it.
 */
const lab = storedSetting('lab', labSettingsSchema, DEFAULT_LAB_SETTINGS);

/** The stored value, or the defaults. */
export const loadLabSettings = lab.load;
/** GET /api/admin/facility/lab. */
export const readLabSettings = lab.read;
/** PUT /api/admin/facility/lab: replaces the settings, audited. */
export const updateLabSettings = lab.update;
