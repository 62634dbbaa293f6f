// `npm start`: install when needed, build the app and the server, start the server.
// `npm run serve` (--no-build): start the last build. One line per step; the server
// then prints its own steps and the address to open (src/server/main.ts).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { serverCommand, serverEnv } from './server-command.mjs';

const build = !process.argv.includes('--no-build');

function run(title, command, args) {
  console.log(title);
  // Their progress and warnings are noise here; shown only when the step fails.
  const result = spawnSync(command, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) {
    process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}`);
    console.error(`${title} failed (exit ${result.status}): ${[command, ...args].join(' ')}`);
    process.exit(result.status ?? 1);
  }
}

if (!existsSync('node_modules/.package-lock.json')) {
  run('Installing dependencies', 'npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error']);
}
if (build) {
  run('Building the app', process.execPath, [
    'node_modules/vite/bin/vite.js',
    'build',
    '--logLevel',
    'error',
  ]);
  run('Building the server', process.execPath, ['scripts/build-server.mjs']);
} else if (!existsSync('dist-server/main.js') && !process.env.SERVER_OUT_DIR) {
  console.error('No server build: run "npm start" (or "npm run build") first.');
  process.exit(1);
}

const [node, ...args] = serverCommand();
const server = spawn(node, args, { stdio: 'inherit', env: serverEnv() });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
