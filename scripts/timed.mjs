#!/usr/bin/env node
/**
 * Runs one step of the test command and says when it starts and how it ends, with its wall time:
 * `node scripts/timed.mjs <name> <command> [args…]`. Type checking and linting print nothing while
 * they work (minutes on a busy 2-core machine), so a silent CI log otherwise reads as a hang.
 * Plain JavaScript so it starts in milliseconds, without tsx.
 */
import { spawn } from 'node:child_process';

const [name, command, ...args] = process.argv.slice(2);
if (!name || !command) {
  console.error('usage: node scripts/timed.mjs <name> <command> [args…]');
  process.exit(2);
}

const started = Date.now();
const clock = () => new Date().toISOString().slice(11, 19);
console.log(`${name}: started at ${clock()}`);
const child = spawn(command, args, { stdio: 'inherit', shell: process.platform === 'win32' });
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
child.on('error', (error) => {
  console.error(`${name}: could not start ${command}: ${error.message}`);
  process.exit(1);
});
child.on('exit', (code, signal) => {
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`${name}: ${code === 0 ? 'passed' : `failed (${signal ?? `exit ${code}`})`} at ${clock()} after ${seconds} s`);
  process.exit(code ?? 1);
});
