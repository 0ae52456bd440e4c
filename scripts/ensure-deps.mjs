// Installs the dependencies when they are missing or older than package-lock.json, so `npm start` and `npm test`
// work on a fresh clone with nothing but Node and npm. Node built-ins only: nothing is installed yet.
import { execSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkNodeVersion } from './node-version.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const marker = path.join(root, 'node_modules', '.package-lock.json');
const lock = path.join(root, 'package-lock.json');

const { engines } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const node = checkNodeVersion(process.versions.node, engines.node);
if (!node.ok) {
  console.error(`\n${node.message}\n`);
  process.exit(1);
}
if (node.warning) console.warn(`Note: ${node.warning}`);

const stale = !existsSync(marker) || (existsSync(lock) && statSync(lock).mtimeMs > statSync(marker).mtimeMs);
if (stale) {
  console.log('Installing dependencies (first run)…');
  execSync(existsSync(lock) ? 'npm ci --no-audit --no-fund' : 'npm install --no-audit --no-fund', { cwd: root, stdio: 'inherit' });
}
