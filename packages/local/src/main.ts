// The SDK warns once per process that Node 20 leaves its support in 2027; Lambda runs Node 22.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

import { JavaMissingError } from './dynamodb-local.ts';
import { startApp, type RunningApp } from './runtime.ts';

/** Runs an app until Ctrl-C or SIGTERM, then stops it (DynamoDB Local included) and exits. */
export async function runUntilSignal(start: () => Promise<RunningApp>, onReady: (app: RunningApp) => void | Promise<void>) {
  let app: RunningApp | undefined;
  let stopping = false;
  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    await app?.stop().catch(() => undefined);
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));
  process.on('SIGHUP', () => void shutdown(0));
  try {
    app = await start();
    await onReady(app);
  } catch (e) {
    console.error(e instanceof JavaMissingError ? e.message : `Caseload could not start: ${(e as Error).message}`);
    await shutdown(1);
  }
}

export const startFromEnv = () => startApp();
