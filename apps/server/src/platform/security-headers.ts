import type { IncomingMessage } from 'node:http';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * What the page may do even if someone slips text into it (docs/security.md "Headers"): scripts
 * only from our own files, never inline; styles from our files plus the style tags Mantine writes
 * at run time (hence 'unsafe-inline' for styles only); data from our own API and live socket;
 * no plugins, no framing, no foreign form targets.
 */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'", liveSocketOrigins],
  workerSrc: ["'self'", 'blob:'],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/** Browser features the portal never uses, switched off for it and anything it might embed. */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'autoplay',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'usb',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

const HOST = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The live socket at /api/live on this host. 'self' covers it in current browsers (CSP 3); the
 * explicit origins are for older ones. A Host header that is not a plain host name adds nothing.
 */
function liveSocketOrigins(req: IncomingMessage): string {
  const host = req.headers.host ?? '';
  return HOST.test(host) ? `ws://${host} wss://${host}` : '';
}

/**
 * Every answer (pages, files, API answers, errors and 404s) carries the headers: helmet's set,
 * configured here, plus Permissions-Policy, which helmet leaves out. Register before anything
 * that can answer early, so refusals carry them too.
 */
export async function installSecurityHeaders(app: FastifyInstance, options: { strictTransport: boolean; tileImages?: string | null }): Promise<void> {
  // a configured map tile server is the one other place images may come from
  const directives = options.tileImages ? { ...CSP_DIRECTIVES, imgSrc: [...CSP_DIRECTIVES.imgSrc, options.tileImages] } : CSP_DIRECTIVES;
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'same-origin' },
    xFrameOptions: { action: 'deny' },
    // only where the portal is served over https: on plain http browsers ignore it anyway
    strictTransportSecurity: options.strictTransport ? { maxAge: 365 * 24 * 3600, includeSubDomains: false } : false,
  });
  app.addHook('onRequest', async (_req, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
  });
}
