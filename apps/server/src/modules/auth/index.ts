/**
 * The auth module's public face: its routes, the hook that authenticates every request, and what other modules reuse
 * (signing in a socket or a suggestion request, password hashes, invitations and e-mail confirmation, ending sessions).
 */
export { authRoutes } from './auth.routes';
export { accountRoutes } from './account.routes';
export { authHook } from './auth.hook';
export { authenticate, userIdByLogin } from './auth.service';
export { hashPassword } from './password';
export { issueInvitation, requestEmailConfirmation } from './account.service';
export { revokeUserSessions } from './auth.repository';
