import { BACKUP_MESSAGES } from '@carepoint/contract';
import { audit } from '../../lib/audit';
import { inTransaction, type ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import type { BackupManager } from './manager';

/**
 * Backups for administrators (docs/operations.md#backups): the list, "Back up now" and the
 * download. The work itself is the manager's (manager.ts); every backup and every download is
 * in the audit trail.
 */

export const backupsOverview = (_ctx: ServiceContext, backups: BackupManager) => backups.overview();

/** Starts a backup now; it is recorded in the audit trail when it ends. */
export const backUpNow = (ctx: ServiceContext, backups: BackupManager) => backups.start('manual', ctx);

/**
 * A backup file to send: a copy of every record, so the download is in the audit trail (committed
 * and on disk) before its first byte leaves.
 */
export async function backupForDownload(ctx: ServiceContext, backups: BackupManager, fileName: string) {
  const file = await backups.file(fileName);
  if (!file) throw new AppError(404, 'NOT_FOUND', BACKUP_MESSAGES.notFound);
  await ctx.db.transaction((tx) =>
    audit(inTransaction(ctx, tx), {
      action: 'backup.download',
      entityType: 'backup',
      entityId: fileName,
      details: { bytes: file.bytes },
    }),
  );
  return file;
}
