/**
 * The mail module's public face. Other modules write mail events in their own transaction (enqueue…) and reuse the
 * templates and tokens for the account's letters; app.ts registers the sender, handing it how an order reads
 * (`OrderReader`), so mail imports no module that writes its events; the command line reads the .eml folder.
 */
export { enqueueMailEvent, enqueueOrderMessages, portalLink, silenceOrderMail, type MailEventKind, type OrderReader } from './mail.events';
// The account's single-use tokens (password reset, e-mail confirmation, invitations) are kept beside its letters.
export { findToken, insertMessages, insertToken, useToken, voidTokens } from './mail.repository';
export { renderMail } from './templates';
export { mailPlugin } from './mail.plugin';
export { listEmlFiles, readEml, type MailTransport } from './transport';
