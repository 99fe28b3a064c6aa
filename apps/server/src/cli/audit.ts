import { ConfigError, loadConfig } from '../config';
import { DataDirLockedError } from '../db/lock';
import { openDatabase } from '../db/open';
import { silentLogger, systemContext } from '../lib/context';
import { withTotpKey } from '../lib/stored-secrets';
import { describeChainReport, purgeAuditTrail, verifyAuditChain } from '../modules/audit';

const usage = `Usage: npm run audit:verify     walks the audit trail's hash chain; exit code 1 names the first row that does not match
       npm run audit:purge      removes audit rows older than AUDIT_KEEP_YEARS now (the server also does it daily)
  On the PostgreSQL database at DATABASE_URL when it is set (the server may run), otherwise on the
  embedded database in DATA_DIR (stop the server first: it holds the folder).`;

/** Checks the audit trail's chain, or purges rows past their retention, on DATA_DIR or DATABASE_URL. */
async function main() {
  const command = process.argv[2];
  if (process.argv.length !== 3 || (command !== 'verify' && command !== 'purge')) {
    console.error(usage);
    process.exit(2);
  }
  const settings = loadConfig({ ...process.env, DEMO_DATA: 'false' });
  const database = await openDatabase(settings);
  try {
    if (command === 'verify') {
      const report = await verifyAuditChain(database.db);
      console.log(describeChainReport(report));
      process.exitCode = report.intact ? 0 : 1;
    } else {
      const config = await withTotpKey(settings, database.db, silentLogger);
      const { removed, cutoff } = await purgeAuditTrail(systemContext({ db: database.db, config }));
      console.log(
        `Removed ${removed} audit rows from before ${cutoff.toISOString()} (AUDIT_KEEP_YEARS=${config.AUDIT_KEEP_YEARS}).`,
      );
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  const explained = error instanceof ConfigError || error instanceof DataDirLockedError;
  console.error(explained ? error.message : error);
  process.exit(1);
});
