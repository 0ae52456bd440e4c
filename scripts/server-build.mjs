// The server as production runs it: apps/server/src and the workspace packages it imports, compiled once to plain
// JavaScript in apps/server/dist (no TypeScript loader at run time), rebuilt when a source is newer than the build.
//
// One output file per source file, in the same folders as the sources: the server finds its migrations, JSON data
// and worker threads next to its own modules (import.meta.url), so those are copied beside the compiled files.
// @portal/contracts and @portal/domain (TypeScript sources) are compiled into dist/_portal/<name>.
import { cpSync, existsSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverDist = path.join(root, 'apps/server/dist');
const STAMP = path.join(serverDist, '.built');

const SOURCES = [
  { from: path.join(root, 'apps/server/src'), to: serverDist },
  { from: path.join(root, 'packages/contracts/src'), to: path.join(serverDist, '_portal/contracts'), name: '@portal/contracts' },
  { from: path.join(root, 'packages/domain/src'), to: path.join(serverDist, '_portal/domain'), name: '@portal/domain' },
];
const isTest = (file) => /\.test\.tsx?$/.test(file);

function filesUnder(folder) {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

function newestSource() {
  let newest = 0;
  for (const { from } of SOURCES) for (const file of filesUnder(from)) newest = Math.max(newest, statSync(file).mtimeMs);
  return Math.max(newest, statSync(path.join(root, 'package-lock.json')).mtimeMs, statSync(fileURLToPath(import.meta.url)).mtimeMs);
}

export function serverBuildIsStale() {
  return !existsSync(STAMP) || statSync(STAMP).mtimeMs < newestSource();
}

/** Where an import of the server's code points to, compiled: a relative path with its .js (or /index.js). */
function compiledSpecifier(fromFile, target) {
  let relative = path.relative(path.dirname(fromFile), target).split(path.sep).join('/');
  if (!relative.startsWith('.')) relative = `./${relative}`;
  return relative.replace(/\.tsx?$/, '.js');
}

/** The TypeScript source an extensionless import means (`./app` → app.ts, `./db` → db/index.ts), if it is one. */
function sourceFileOf(target) {
  if (/\.tsx?$/.test(target) && existsSync(target)) return target;
  for (const candidate of [`${target}.ts`, `${target}.tsx`, path.join(target, 'index.ts')]) if (existsSync(candidate)) return candidate;
  return undefined;
}

export async function buildServer() {
  const { build } = await import('esbuild');
  rmSync(serverDist, { recursive: true, force: true });
  const started = performance.now();
  for (const { from, to } of SOURCES) {
    const entries = filesUnder(from).filter((file) => /\.tsx?$/.test(file) && !isTest(file) && !file.endsWith('.d.ts'));
    // Every import of a source file stays an import (one output per source), pointing at the compiled file.
    const keepModules = {
      name: 'keep-modules',
      setup(esbuild) {
        esbuild.onResolve({ filter: /.*/ }, (args) => {
          if (args.kind === 'entry-point') return undefined;
          const workspace = SOURCES.find((source) => source.name && (args.path === source.name || args.path.startsWith(`${source.name}/`)));
          if (workspace) {
            const sourceOfImporter = SOURCES.find((source) => args.importer.startsWith(source.from + path.sep));
            const importerOut = path.join(sourceOfImporter.to, path.relative(sourceOfImporter.from, args.importer));
            return { path: compiledSpecifier(importerOut, path.join(workspace.to, 'index.ts')), external: true };
          }
          if (!args.path.startsWith('.')) return { path: args.path, external: true };
          const resolved = sourceFileOf(path.resolve(args.resolveDir, args.path));
          if (!resolved) return { path: args.path, external: true };
          return { path: compiledSpecifier(args.importer, resolved), external: true };
        });
      },
    };
    await build({
      entryPoints: entries,
      outdir: to,
      outbase: from,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20.19',
      sourcemap: 'linked',
      logLevel: 'warning',
      plugins: [keepModules],
    });
    // Data the modules read beside themselves: migrations, JSON tables, the worker threads' plain JavaScript.
    for (const file of filesUnder(from)) {
      if (/\.(tsx?|md)$/.test(file) || isTest(file)) continue;
      cpSync(file, path.join(to, path.relative(from, file)));
    }
  }
  writeFileSync(path.join(serverDist, 'package.json'), '{ "type": "module" }\n');
  writeFileSync(STAMP, new Date().toISOString());
  return Math.round(performance.now() - started);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(`Server built into ${path.relative(root, serverDist)} in ${await buildServer()} ms`);
}
