/** The dated build stamp sent with every request; 'dev' when running outside a bundled build. */
export const APP_VERSION: string = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : 'dev';
