/**
 * The sign-in hash (HMAC-SHA256 from @noble/hashes) is needed only when the form is sent: it loads with the sign-in
 * page, never with the signed-in screens' first load.
 */
export { signInHash } from '@portal/domain';
