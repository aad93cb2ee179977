#!/usr/bin/env node
// Runs a command with one Chromium for every browser test run under it, as `firebase emulators:exec` runs one with
// its emulators: starts the browser, hands its endpoint to the command's processes (CHROMIUM_WS_ENDPOINT), runs the
// command, closes the browser and exits with the command's status. Without a Chromium the command runs all the same,
// and each browser test run says why it has none.
import { spawn } from 'node:child_process';
import { CHROMIUM_ENDPOINT_VARIABLE, launchSharedChromium } from '../src/shared-chromium.js';

const USAGE = 'usage: with-shared-chromium <command> [args...]';

const [command, ...args] = process.argv.slice(2);
if (command === undefined || command === '--help' || command === '-h') {
  (command === undefined ? process.stderr : process.stdout).write(`${USAGE}\n`);
  process.exit(command === undefined ? 2 : 0);
}

const launched = await launchSharedChromium();
const env = { ...process.env };
if ('server' in launched) env[CHROMIUM_ENDPOINT_VARIABLE] = launched.server.wsEndpoint();
else console.error(`with-shared-chromium: ${launched.reason}`);

const child = spawn(command, args, { stdio: 'inherit', env, shell: process.platform === 'win32' });
// A signal to this process is passed on to the command; this process ends when the command has.
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) process.on(signal, () => child.kill(signal));
const status = await new Promise((resolve) => {
  child.on('error', (error) => {
    console.error(`with-shared-chromium: ${command}: ${error.message}`);
    resolve(127);
  });
  child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
});
if ('server' in launched) await launched.server.close();
process.exit(status);
