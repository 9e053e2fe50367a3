import type { FastifyInstance } from 'fastify';

/**
 * How much of a refused request body the server still reads, and throws away, after answering.
 * A browser sends the whole body before it reads the answer: a server that closes the connection
 * on unread bytes makes the operating system reset it, and the browser then shows a network
 * failure instead of the 413 or 415. Reading the rest lets the answer through; past this much the
 * connection is closed all the same.
 */
export const REFUSED_BODY_DRAIN_BYTES = 64 * 1024 * 1024;

/**
 * An error answered before the request body was read to its end (too large, wrong type, not
 * allowed, a limit reached): the rest of the body is read and dropped, up to
 * REFUSED_BODY_DRAIN_BYTES, and the connection stays usable. A body that says it is larger than
 * that is not waited for: the answer closes the connection.
 */
export function drainRefusedBodies(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply, payload) => {
    const raw = req.raw;
    if (reply.statusCode < 400 || raw.complete || raw.destroyed) return payload;
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > REFUSED_BODY_DRAIN_BYTES) {
      reply.header('connection', 'close');
      return payload;
    }
    // a body parser that gave up asks for the connection to close; reading the rest is kinder
    if (!/\bclose\b/i.test(req.headers.connection ?? '')) reply.header('connection', 'keep-alive');
    let drained = 0;
    raw.on('data', (chunk: Buffer) => {
      drained += chunk.length;
      if (drained > REFUSED_BODY_DRAIN_BYTES) raw.socket?.destroy();
    });
    raw.unpipe();
    raw.resume();
    return payload;
  });
}
