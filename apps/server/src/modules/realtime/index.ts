// The /ws socket app.ts registers.
export { realtimeModule } from './realtime.routes';
