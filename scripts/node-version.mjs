// Which Node versions run the portal, from `engines.node` in package.json (one place for the minimum). Node built-ins
// only: it runs before anything is installed.

/** The supported release lines; others at or above the minimum run, with a warning. */
export const SUPPORTED_MAJORS = [22, 24];

/** The minimum of an `engines.node` range written as `>=X.Y[.Z]`. */
export function minimumOf(range) {
  const match = /^>=\s*(\d+)\.(\d+)(?:\.(\d+))?$/.exec(range.trim());
  if (!match) throw new Error(`engines.node must read ">=X.Y.Z"; it reads "${range}"`);
  return [Number(match[1]), Number(match[2]), Number(match[3] ?? 0)];
}

function parse(version) {
  const [major = 0, minor = 0, patch = 0] = version.replace(/^v/, '').split('.').map((part) => Number.parseInt(part, 10));
  return [major, minor, patch];
}

function below(version, minimum) {
  for (let i = 0; i < 3; i++) if (version[i] !== minimum[i]) return version[i] < minimum[i];
  return false;
}

/**
 * Checks a Node version against the range: `{ ok: false, message }` below the minimum, `{ ok: true, warning }`
 * on a line that runs but is not supported (end of life, or not yet tested), `{ ok: true }` otherwise.
 */
export function checkNodeVersion(version, range) {
  const minimum = minimumOf(range);
  const current = parse(version);
  const wanted = minimum.join('.');
  const lines = SUPPORTED_MAJORS.map((major) => `Node ${major}`).join(' or ');
  if (below(current, minimum)) {
    return {
      ok: false,
      message:
        `Node ${current.join('.')} is too old: the portal needs Node ${wanted} or newer, and is supported on ${lines} LTS.\n` +
        'Install a current LTS from https://nodejs.org (or with your version manager, e.g. `nvm install 24`).',
    };
  }
  if (!SUPPORTED_MAJORS.includes(current[0])) {
    return {
      ok: true,
      warning: `Node ${current.join('.')} runs the portal, but the supported versions are ${lines} LTS` +
        (current[0] < SUPPORTED_MAJORS[0] ? ' (this line has reached its end of life).' : '.'),
    };
  }
  return { ok: true };
}
