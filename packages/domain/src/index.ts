// Pure business rules of the portal, shared by the server and the web client. No I/O here.
export * from './version';
export * from './company-name';
export * from './sign-in-hash';
export * from './format';
export * from './constants';
export * from './partner-warnings';
export * from './current-discount';
export * from './proposal-price';
export * from './inn';
export * from './back-office-list';
export * from './claim';
export * from './order';
export * from './amount-in-words';
