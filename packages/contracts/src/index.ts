// Request and response schemas of every call, shared by the server's routes and the web client.
import { installRussianMessages } from './russian-messages';

installRussianMessages();
export { installRussianMessages } from './russian-messages';
export * from './envelope';
export * from './limits';
export * from './errors';
export * from './auth';
export * from './partners';
export * from './content';
export * from './profile';
export * from './feedback';
export * from './realtime';
export * from './socket-close';
export * from './integration';
export * from './logistics';
export * from './claims';
export * from './proposals';
export * from './orders';
export * from './catalog';
export * from './products';
export * from './working-order';
export * from './working-order-wire';
export * from './drafts';
export * from './order-mapper';
export * from './account';
export * from './team';
export * from './audit';
