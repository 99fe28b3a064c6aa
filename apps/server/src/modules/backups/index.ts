/** The backups module's public surface: other modules, the app, the seed and tests outside it import only this. */

export type { BackupManager } from './manager';
export { createBackupManager } from './manager';
export { backUpStoppedDatabase, OfflineBackupError } from './offline';
export { RestoreError, restoreBackup } from './restore';
