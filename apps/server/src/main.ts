// The process entry point: the only module with side effects.
import { ConfigError, loadConfig } from './config';
import { SharedSettingsError } from './features/cluster/shared-settings';
import { LedgerKeyError } from './features/ledger/ledger-key';
import { createLogger } from './logger';
import { startServer } from './server';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(78);
    }
    throw err;
  }

  const logger = createLogger(config.logLevel);
  let running;
  try {
    running = await startServer(config, logger);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE')
      logger.fatal(`Port ${config.port} is already in use: set PORT to a free port`);
    else if (err instanceof SharedSettingsError || err instanceof LedgerKeyError) {
      // A setting to correct, as with a bad variable: said plainly, and no stack.
      logger.fatal(err.message.split('\n')[0]);
      process.stderr.write(`${err.message}\n`);
      process.exit(78);
    } else logger.fatal({ err }, 'the server could not start');
    process.exit(1);
  }

  let signalled = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (signalled) return;
    signalled = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      logger.error(`shutdown took longer than ${config.shutdownTimeoutMs} ms; exiting`);
      process.exit(1);
    }, config.shutdownTimeoutMs);
    force.unref();
    running.stop().then(
      () => {
        logger.info('stopped');
        process.exit(0);
      },
      (err: unknown) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}

void main();
