import { LiveClient, type SocketLike } from './live.ts';

/** A socket the unit tests of the live client drive by hand: open it, drop it, hand it messages. */
export class FakeSocket implements SocketLike {
  readyState = 0;
  sent: unknown[] = [];
  closed = false;
  onopen: SocketLike['onopen'] = null;
  onclose: SocketLike['onclose'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onerror: SocketLike['onerror'] = null;

  constructor(readonly url: string) {}

  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.closed = true;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  receive(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

/**
 * A live client on fake sockets, for unit tests: every socket it opens is pushed onto `sockets`.
 * `random` fixes the reconnect jitter.
 */
export function fakeLiveClient(sockets: FakeSocket[], random: number): LiveClient {
  return new LiveClient({
    url: () => 'ws://portal/api/live',
    createSocket: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
    random: () => random,
    idleCloseMs: 1_000,
  });
}
