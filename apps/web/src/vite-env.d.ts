/// <reference types="vite/client" />
declare const __AUTH_SALT__: string;
