// Claims (рекламации) with their photos.
export { claimsRoutes } from './claims.routes';
