// The content service: news, showcase cases, the catalogue's menu and pages, banners.
export { contentRoutes } from './content.routes';
