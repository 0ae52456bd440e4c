// Profile, notification settings and password of the signed-in user.
export { profileRoutes } from './profile.routes';
