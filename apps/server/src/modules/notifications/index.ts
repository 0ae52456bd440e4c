// The notification bar's stored messages: its routes, and how other modules notify a company's or a user's people.
export { notificationsRoutes } from './notifications.routes';
export { notifyPartner, notifyStored, notifyUsers, type NotificationInput } from './notifications.service';
