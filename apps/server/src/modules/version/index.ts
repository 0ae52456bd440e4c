/** The version module: the latest client version the web app checks itself against. */
export { versionRoutes } from './version.routes';
