import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DataDirLockedError } from './db/lock';
import { openDatabase } from './db/open';
import { seedDemoData } from './db/seed';
import { systemContext } from './lib/context';

async function main() {
  const started = performance.now();
  const config = loadConfig();
  const database = await openDatabase(config);
  const app = await buildApp({ config, database });
  app.addHook('onClose', async () => database.close());

  if (config.demoData && (await seedDemoData(systemContext({ db: database.db, config, log: app.log })))) {
    app.log.info('Loaded demo data (set DEMO_DATA=false to start empty)');
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error(error);
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(
    `CarePoint ready on ${database.kind} in ${Math.round(performance.now() - started)} ms ` +
      `(rss ${Math.round(process.memoryUsage().rss / 1024 / 1024)} MB)`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
