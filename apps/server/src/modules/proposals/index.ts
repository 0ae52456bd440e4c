// Commercial proposals (PDF, docx), their logos and banners.
export { proposalsRoutes } from './proposals.routes';
