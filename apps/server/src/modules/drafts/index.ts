// The working order and drafts, kept on the server for every device of the user.
export { draftsRoutes } from './drafts.routes';
