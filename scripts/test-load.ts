/**
 * `npm run test:load`: the suite (`npm test`) with two CPU-bound Node processes beside it, as on a
 * developer's machine that is busy with other work. A test that fails here depends on how fast the
 * machine is: that is a bug in the test (or the code), never a reason to retry it.
 *
 * `tsx scripts/test-load.ts [command…]` runs another command under the same load instead, e.g.
 * `tsx scripts/test-load.ts npx vitest run --project e2e-budgets test/e2e/data-table.test.ts`.
 * `--busy <n>` sets the number of busy processes (default 2). The busy processes are stopped
 * whatever happens (the command's exit, a signal, an error); the command's exit code is passed on.
 */
import { spawn, type ChildProcess } from 'node:child_process';

const args = process.argv.slice(2);
let busyCount = 2;
const busyAt = args.indexOf('--busy');
if (busyAt !== -1) {
  busyCount = Number(args[busyAt + 1]);
  args.splice(busyAt, 2);
  if (!Number.isInteger(busyCount) || busyCount < 0) throw new Error('--busy takes a whole number of processes.');
}
const [command, ...commandArgs] = args.length > 0 ? args : ['npm', 'test'];

// A tight loop: one core's worth of work each, at the scheduler's mercy like the suite. Every
// ~50 ms it checks that this process is still there, so that not even a SIGKILL of this process
// leaves a busy loop behind.
const BUSY_LOOP = `
const parent = Number(process.argv[1]);
for (;;) {
  const until = Date.now() + 50;
  while (Date.now() < until);
  try { process.kill(parent, 0); } catch { process.exit(0); }
}`;
const busy: ChildProcess[] = Array.from({ length: busyCount }, () =>
  spawn(process.execPath, ['-e', BUSY_LOOP, String(process.pid)], { stdio: 'ignore' }),
);
const stopBusy = () => {
  for (const child of busy) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
};
// Also on a plain exit of this process (an uncaught error included): no busy loop outlives it.
process.on('exit', stopBusy);

console.log(
  `test:load: ${busyCount} busy processes (pids ${busy.map((child) => child.pid).join(', ')}) beside \`${[command, ...commandArgs].join(' ')}\``,
);
const started = Date.now();
const suite = spawn(command as string, commandArgs, { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    suite.kill(signal);
    stopBusy();
  });
}
suite.on('error', (error) => {
  console.error(`test:load: could not start ${command}: ${error.message}`);
  stopBusy();
  process.exit(1);
});
suite.on('exit', (code, signal) => {
  stopBusy();
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(`test:load: ${command} ended after ${Math.floor(seconds / 60)} min ${seconds % 60} s (${signal ?? `exit code ${code}`})`);
  process.exit(code ?? 1);
});
