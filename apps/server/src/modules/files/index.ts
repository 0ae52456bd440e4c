// Stored files: their routes, and the attachments' policy and upload steps that claims and shipments reuse.
export { filesRoutes } from './files.routes';
export { ATTACHMENT_POLICY, discardUploads, putUploads, recordUploads } from './files.service';
