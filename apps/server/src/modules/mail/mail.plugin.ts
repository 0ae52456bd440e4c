/** The mail sender of a server process: started once the app is ready, stopped before the database closes. */
import fp from 'fastify-plugin';
import type { OrderReader } from './mail.events';
import { MailSender } from './sender';
import { createTransport, type MailTransport } from './transport';

declare module 'fastify' {
  interface FastifyInstance {
    mail: MailSender;
  }
}

export const mailPlugin = fp<{ transport?: MailTransport; readOrder: OrderReader }>(
  async (app, options) => {
    const sender = new MailSender(app, options.transport ?? createTransport(app.config), options.readOrder);
    app.decorate('mail', sender);
    app.addHook('onReady', async () => sender.start(app.config.MAIL_SEND_INTERVAL_SECONDS));
    app.addHook('preClose', async () => sender.close());
  },
  { name: 'mail' },
);
