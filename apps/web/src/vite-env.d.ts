/// <reference types="vite/client" />

/** Dated build stamp injected by the bundler (vite.config.ts). */
declare const __APP_VERSION__: string;
