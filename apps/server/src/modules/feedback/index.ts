// Feedback from the portal's users.
export { feedbackRoutes } from './feedback.routes';
