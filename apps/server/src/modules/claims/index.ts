// Claims (рекламации) with their photos.
export { claimsRoutes } from './claims.routes';
// Filing a claim and a user's claims, as the demo seed files its past ones (`asOf` their day).
export { fileClaim, listClaims } from './claims.service';
