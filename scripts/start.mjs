// `npm start`: install what is missing, build the web app and the server when their sources changed, then serve the
// portal with plain node from the built JavaScript (`npm run dev` runs the sources under tsx, reloading).
import { execSync, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from './server-flags.mjs';
import { buildServer, serverBuildIsStale } from './server-build.mjs';
import { webBuildIsStale } from './web-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
execSync('node scripts/ensure-deps.mjs', { cwd: root, stdio: 'inherit' });

if (webBuildIsStale()) {
  console.log('Building the web app…');
  execSync('npm run build -w apps/web', { cwd: root, stdio: 'inherit' });
}

if (serverBuildIsStale()) {
  console.log('Building the server…');
  console.log(`Server built in ${await buildServer()} ms`);
}

const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'dist/main.js'], {
  cwd: path.join(root, 'apps/server'),
  stdio: 'inherit',
  // Readable log lines in a terminal; JSON lines when the output goes to a collector.
  env: { LOG_PRETTY: process.stdout.isTTY ? 'true' : 'false', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
