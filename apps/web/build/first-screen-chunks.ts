/**
 * The scripts of the first screens, and the small modules many screens share, in a few chunks instead of dozens.
 *
 * Left to itself the bundler makes one chunk for every set of lazy screens that share a module, so the signed-in main
 * page came in 54 scripts and /login in 18: on a phone's HTTP/1.1 connections (six at a time) every round of small
 * requests costs a round trip, and each script its own fetch and compile. A chunk holding exactly the modules a
 * screen loads anyway costs that screen no byte: so a first build (not written) finds which modules /login and the
 * signed-in main page load, and the real build puts
 * - the modules the entry loads (the entry module itself aside) into one chunk, app-start: left to the bundler they
 *   came in 8–10 small chunks, each one more request before every screen's first paint, and a lazy import added
 *   anywhere could split off one more (the domain's pricing did, when the order page's form became lazy),
 * - the modules both load (beyond the entry) into one chunk,
 * - the modules only the signed-in main page loads (the shell, the page) into another,
 * - the modules only /login loads into a third;
 * - the modules many other screens share (SHARED_BY) into a fourth, which those screens load, unless they bring a heavy
 *   part with them;
 * everything else is split as the bundler chooses. Other signed-in screens load the main page's chunk with the shell,
 * which they load anyway, and may receive a little code of the main page, or of the shared chunk, they do not run.
 */
import { build, type Rolldown } from 'vite';

const PLANNING = 'PORTAL_FIRST_SCREEN_PLAN';

const SHELL = /[\\/]src[\\/]app[\\/]shell[\\/]shell\.tsx$/;
const HOME = /[\\/]src[\\/]features[\\/]home[\\/]home-page\.tsx$/;
const LOGIN = /[\\/]src[\\/]features[\\/]auth[\\/]login-page\.tsx$/;

type Chunk = Rolldown.OutputChunk;

/**
 * A module beyond the first screens that this many lazy screens (or more) load goes into one chunk they share: the
 * order page came in 50 scripts and the catalogue in 43, mostly small Mantine components; with it, 27 and 25, for
 * 259 and 235 KB of gzip (268 and 233 before). Sharing by 3 put 57 KB into it and the catalogue at 269 KB, slower in
 * Lighthouse (79 and 80 against 85 and 83); by 12, 9 KB and hardly fewer scripts.
 */
const SHARED_BY = 6;
/** Parts that only some screens use and that are heavy; they keep the bundler's own chunks. */
const HEAVY = /[\\/]node_modules[\\/](@mantine[\\/](dates|dropzone)|dayjs|@floating-ui|fflate|dompurify|zod)[\\/]|[\\/]packages[\\/]contracts[\\/]/;

/** The modules of a chunk and of every chunk it imports statically. */
function loadedWith(chunk: Chunk, byFile: Map<string, Chunk>, into = new Set<string>(), seen = new Set<string>()) {
  if (seen.has(chunk.fileName)) return into;
  seen.add(chunk.fileName);
  for (const id of chunk.moduleIds) into.add(id);
  for (const file of chunk.imports) {
    const next = byFile.get(file);
    if (next) loadedWith(next, byFile, into, seen);
  }
  return into;
}

/**
 * The chunk of each module of the first screens, from a first build of the same configuration; `null` (the bundler's
 * own split) for the others, and everything during that first build itself.
 */
export async function firstScreenChunks(configFile: string): Promise<(id: string, ctx: Rolldown.ChunkingContext) => string | null> {
  if (process.env[PLANNING]) return () => null;
  process.env[PLANNING] = '1';
  let output;
  try {
    output = await build({ configFile, logLevel: 'silent', build: { write: false, emptyOutDir: false } });
  } finally {
    delete process.env[PLANNING];
  }
  const chunks = (Array.isArray(output) ? output : [output])
    .flatMap((one) => ('output' in one ? one.output : []))
    .filter((item): item is Chunk => item.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entry = chunks.find((chunk) => chunk.isEntry);
  const lazy = (pattern: RegExp) => chunks.find((chunk) => chunk.isDynamicEntry && chunk.facadeModuleId !== null && pattern.test(chunk.facadeModuleId));
  const shell = lazy(SHELL);
  const home = lazy(HOME);
  const login = lazy(LOGIN);
  // A renamed screen: no plan, the bundler's split (the first-load budget test then tells what it costs).
  if (!entry || !shell || !home || !login) return () => null;

  const initial = loadedWith(entry, byFile);
  const signIn = loadedWith(login, byFile, new Set(initial));
  const main = loadedWith(home, byFile, loadedWith(shell, byFile, new Set(initial)));
  // How many lazy screens (and modals) load each module.
  const screensOf = new Map<string, number>();
  for (const chunk of chunks) {
    if (!chunk.isDynamicEntry || chunk === shell || chunk === home || chunk === login) continue;
    for (const id of loadedWith(chunk, byFile)) screensOf.set(id, (screensOf.get(id) ?? 0) + 1);
  }
  // Whether a module imports a heavy part, itself or through its own imports: in the shared chunk it would make every
  // screen that loads the chunk load that part too (the order page's first screen loaded the selects' floating-ui and
  // dayjs that way).
  const pullsHeavy = new Map<string, boolean>();
  const heavyThrough = (id: string, ctx: Rolldown.ChunkingContext): boolean => {
    const known = pullsHeavy.get(id);
    if (known !== undefined) return known;
    pullsHeavy.set(id, false);
    const heavy = HEAVY.test(id) || (ctx.getModuleInfo(id)?.importedIds ?? []).some((imported) => heavyThrough(imported, ctx));
    pullsHeavy.set(id, heavy);
    return heavy;
  };
  return (id, ctx) => {
    if (id === entry.facadeModuleId) return null;
    if (initial.has(id)) return 'app-start';
    if (signIn.has(id)) return main.has(id) ? 'first-screens' : 'sign-in';
    if (main.has(id)) return 'main-page';
    if ((screensOf.get(id) ?? 0) >= SHARED_BY && !heavyThrough(id, ctx)) return 'screens-shared';
    return null;
  };
}
