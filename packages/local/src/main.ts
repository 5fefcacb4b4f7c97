// The SDK warns once per process that Node 20 leaves its support in 2027; Lambda runs Node 22.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

import { errorFields, logger } from '@caseload/core/observability';
import { AlreadyRunningError } from './data-lock.ts';
import { JavaMissingError } from './dynamodb-local.ts';
import { startApp, type RunningApp } from './runtime.ts';

/** How often the process checks that whoever started it (npm, a shell, systemd) is still there. */
const PARENT_CHECK_MS = 1000;

/**
 * Runs an app until Ctrl-C, SIGTERM or SIGHUP, or until the parent process dies (npm killed
 * outright leaves us with a new parent), then stops it, DynamoDB Local included, and exits. A
 * stray error in a request is logged and survived: nothing a client sends ends the product.
 */
export async function runUntilSignal(start: () => Promise<RunningApp>, onReady: (app: RunningApp) => void | Promise<void>) {
  let app: RunningApp | undefined;
  let stopping = false;
  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    await app?.stop().catch(() => undefined);
    process.exit(code);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void shutdown(0));
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) void shutdown(0);
  }, PARENT_CHECK_MS).unref();
  process.on('uncaughtException', (e) => logger.error('uncaught_exception', { error: errorFields(e) }));
  process.on('unhandledRejection', (e) => logger.error('unhandled_rejection', { error: errorFields(e) }));
  try {
    app = await start();
    await onReady(app);
  } catch (e) {
    const known = e instanceof JavaMissingError || e instanceof AlreadyRunningError;
    console.error(known ? (e).message : `Caseload could not start: ${(e as Error).message}`);
    await shutdown(1);
  }
}

export const startFromEnv = () => startApp();
