// The whole database schema, one file per area. New areas add a file here.
export * from './meta';
export * from './auth';
export * from './partners';
export * from './catalog';
export * from './orders';
export * from './files';
export * from './content';
export * from './feedback';
export * from './notifications';
export * from './logistics';
export * from './claims';
export * from './vat';
export * from './drafts';
export * from './mail';
export * from './exchange-1c-sale';
export * from './approvals';
export * from './audit';

export * from './exchange-1c';
