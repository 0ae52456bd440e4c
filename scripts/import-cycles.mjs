// Finds cycles of imports across the repository, type-only imports included: `import type` vanishes from the
// JavaScript, but two files that name each other's types still cannot be understood, moved or tested one without
// the other. (eslint-plugin-import-x's no-cycle skips type-only imports, hence this check of its own.)
// Run by `npm run lint` (`node scripts/import-cycles.mjs [root]`); exits 1 and names each cycle's files when there is one.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'data', 'migrations', 'test-results', 'playwright-report', 'coverage']);
const EXTENSIONS = ['.ts', '.tsx', '.mts', '.mjs', '.js'];

function sourceFiles(folder, found = []) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const at = path.join(folder, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(entry.name)) sourceFiles(at, found);
    } else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') && !entry.name.includes('.tmp.')) found.push(at);
  }
  return found;
}

const isFile = (file) => {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
};

/** The file an import names, as TypeScript's "bundler" resolution finds it; undefined for a package outside the repository. */
function resolveImport(from, specifier, workspaces) {
  let base;
  if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier);
  else {
    const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0];
    const workspace = workspaces.get(name);
    if (!workspace) return undefined;
    const subpath = `.${specifier.slice(name.length)}`;
    const target = workspace.exports[subpath];
    base = typeof target === 'string' ? path.resolve(workspace.folder, target) : path.resolve(workspace.folder, subpath);
  }
  const candidates = [base, ...EXTENSIONS.map((extension) => base + extension), ...EXTENSIONS.map((extension) => path.join(base, `index${extension}`))];
  // `./x.js` written for Node's ESM names the TypeScript file `./x.ts`.
  if (/\.m?js$/.test(base)) candidates.push(base.replace(/\.js$/, '.ts').replace(/\.mjs$/, '.mts'));
  return candidates.find(isFile);
}

/** The repository's own packages by name (npm workspaces), with their `exports` map. */
function workspacesOf(root) {
  const workspaces = new Map();
  const { workspaces: folders = [] } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  for (const folder of folders) {
    const manifest = path.join(root, folder, 'package.json');
    if (!isFile(manifest)) continue;
    const { name, exports } = JSON.parse(readFileSync(manifest, 'utf8'));
    workspaces.set(name, { folder: path.join(root, folder), exports: typeof exports === 'string' ? { '.': exports } : (exports ?? {}) });
  }
  return workspaces;
}

/** Every file's imports within the repository: static, `import type`, `export … from` and `import()` alike. */
export function importGraph(root, folders) {
  const workspaces = workspacesOf(root);
  const graph = new Map();
  for (const folder of folders) {
    if (!statSync(path.join(root, folder), { throwIfNoEntry: false })?.isDirectory()) continue;
    for (const file of sourceFiles(path.join(root, folder))) {
      const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
      const targets = new Set();
      for (const { fileName } of importedFiles) {
        const target = resolveImport(file, fileName, workspaces);
        if (target && target !== file) targets.add(target);
      }
      graph.set(file, targets);
    }
  }
  return graph;
}

/** The cycles of a graph: each strongly connected group of two or more files (Tarjan's algorithm, iterative). */
export function cyclesOf(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  let counter = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work = [{ node: start, next: [...(graph.get(start) ?? [])], at: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      if (frame.at < frame.next.length) {
        const target = frame.next[frame.at++];
        if (!graph.has(target)) continue;
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, next: [...graph.get(target)], at: 0 });
        } else if (onStack.has(target)) low.set(frame.node, Math.min(low.get(frame.node), index.get(target)));
        continue;
      }
      work.pop();
      if (work.length > 0) low.set(work[work.length - 1].node, Math.min(low.get(work[work.length - 1].node), low.get(frame.node)));
      if (low.get(frame.node) === index.get(frame.node)) {
        const group = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          group.push(member);
        } while (member !== frame.node);
        if (group.length > 1) cycles.push(group.sort());
      }
    }
  }
  return cycles;
}

/** One path around a cycle, from its first file back to it, so the message shows which imports to cut. */
export function pathAround(graph, group) {
  const members = new Set(group);
  const start = group[0];
  const previous = new Map([[start, undefined]]);
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const target of graph.get(node) ?? []) {
      if (!members.has(target)) continue;
      if (target === start) {
        const route = [start];
        for (let at = node; at !== start; at = previous.get(at)) route.splice(1, 0, at);
        return [...route, start];
      }
      if (!previous.has(target)) {
        previous.set(target, node);
        queue.push(target);
      }
    }
  }
  return group;
}

export const CHECKED_FOLDERS = ['apps', 'packages', 'e2e', 'bench', 'scripts'];

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));
  const graph = importGraph(root, CHECKED_FOLDERS);
  const cycles = cyclesOf(graph);
  for (const group of cycles) {
    console.error(`Import cycle (${group.length} files): ${pathAround(graph, group).map((file) => path.relative(root, file)).join(' → ')}`);
  }
  if (cycles.length > 0) {
    console.error(`\n${cycles.length} import cycle(s): make one side stop importing the other (move what both need to a third file, or pass it in).`);
    process.exit(1);
  }
  console.log(`No import cycles among ${graph.size} files.`);
}
