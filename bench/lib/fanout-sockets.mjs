// The client side of the live fan-out benchmark: opens the live sockets, subscribes each to its
// found set (whole or windowed) and times every benchmark write from just before it is sent until
// each socket that should hear of it has it.
//
// A whole found set sends every changed trip as its full row; a write is recognised by the flag it
// sets ("bench N"). A windowed set sends full rows only for its window and, for every member that
// changed anywhere in the set, [id, key, modCount, flags]: there a write is recognised by the
// modCount it sets (a base above every modCount in the database, plus N), and a member outside the window counts as delivered when its
// member update arrives.
import WebSocket from 'ws';

export const MOD_BASE = 1_000_000_000;
const MARK = /"flag":"bench (\d+)"/g;
const FARMOUT = /"farmoutContactId":"([0-9a-f-]+)"/g;
const FETCHED = '{"type":"FetchedFoundSet"';
const CHANGED = '{"type":"FoundSetChanged"';
const TOTAL = Buffer.from(',"total":');
const SUBSCRIPTION = /^\{"type":"(\w+)","subscriptionId":"([^"]*)"/;

export class FanoutRecorder {
  /**
   * `partnerOf` maps every trip a partner socket may see (the benchmark's partners on its days)
   * to its partner: a windowed row or member of another trip is a stray.
   */
  constructor({ windowed, partnerOf, modBase = MOD_BASE }) {
    this.windowed = windowed;
    this.modBase = modBase;
    this.partnerOf = partnerOf;
    this.sentAt = new Map();
    this.latencies = [];
    /** Write number → sockets that received it. */
    this.received = new Map();
    this.strays = 0;
    this.wrongTotals = 0;
    this.fetchedBytes = 0;
    this.changeBytes = 0;
    this.changeMessages = 0;
    /** Windowed: deliveries that came as a row of the socket's window (the rest as members only). */
    this.rowDeliveries = 0;
    this.invalidated = 0;
    this.errors = [];
    this.closedEarly = 0;
  }

  sent(n) {
    this.sentAt.set(n, performance.now());
  }

  #delivered(n, now, seen) {
    if (!this.sentAt.has(n) || seen.has(n)) return;
    seen.add(n);
    this.latencies.push(now - this.sentAt.get(n));
    this.received.set(n, (this.received.get(n) ?? 0) + 1);
  }

  /** A whole set's change: rows read with patterns, so this process's work stays small. */
  #wholeChange(data, now, partner, seen) {
    const text = String(data);
    if (partner) for (const m of text.matchAll(FARMOUT)) if (m[1] !== partner) this.strays++;
    for (const m of text.matchAll(MARK)) this.#delivered(Number(m[1]), now, seen);
  }

  /** A windowed set's change: small (the window's changed rows and the changed members), so parsed. */
  #windowChange(data, now, partner, seen) {
    const msg = JSON.parse(String(data));
    const stray = (id) => partner && this.partnerOf.get(id) !== partner;
    for (const row of [...msg.added, ...msg.updated]) {
      if (stray(row.id)) this.strays++;
      if (row.modCount >= this.modBase && this.sentAt.has(row.modCount - this.modBase)) this.rowDeliveries++;
    }
    for (const [id, , modCount] of msg.members ?? []) {
      if (stray(id)) this.strays++;
      if (modCount >= this.modBase) this.#delivered(modCount - this.modBase, now, seen);
    }
  }

  /**
   * Opens a socket and subscribes it; settles once its FetchedFoundSet has arrived. `partner`: the
   * partner whose trips alone a partner user's socket may see (null for staff). `total`: the
   * members a windowed set must count. Messages of the socket's other subscriptions (searches) are
   * not timed here: the socket emits them as 'bench:other' (type, subscription id, data, arrival).
   */
  async open({ base, cookie, clientVersion, subscriptionId, filter, view, partner, total }) {
    const ws = new WebSocket(`${base.replace('http', 'ws')}/api/live`, {
      headers: { cookie, origin: base, 'x-client-version': String(clientVersion) },
      maxPayload: 1024 * 1024 * 1024,
    });
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    ws.on('close', () => {
      if (!ws.benchClosing) this.closedEarly++;
    });
    const seen = new Set();
    const fetched = new Promise((resolve) => {
      ws.on('message', (data) => {
        const now = performance.now();
        // only the head of a found set (megabytes on a seeded day) is read
        const head = data.toString('latin1', 0, 120);
        const [, type, id] = SUBSCRIPTION.exec(head) ?? [];
        if (id !== undefined && id !== subscriptionId) return ws.emit('bench:other', type, id, data, now);
        if (head.startsWith(FETCHED)) {
          this.fetchedBytes += data.length;
          if (view) this.#checkTotal(data, total);
          return resolve();
        }
        if (head.startsWith(CHANGED)) {
          this.changeBytes += data.length;
          this.changeMessages++;
          if (this.windowed) this.#windowChange(data, now, partner, seen);
          else this.#wholeChange(data, now, partner, seen);
          return;
        }
        const text = String(data);
        if (text.startsWith('{"type":"FoundSetInvalidated"')) this.invalidated++;
        else if (text.startsWith('{"type":"Error"')) this.errors.push(text.slice(0, 200));
      });
    });
    ws.send(JSON.stringify({ type: 'fetch', subscriptionId, table: 'SyncDriveAssv', filter, ...(view ? { view } : {}) }));
    await fetched;
    return ws;
  }

  /**
   * Two writes to one trip applied in the same batch reach clients as the later version only. Any
   * other write that did not reach every socket that should see it is lost. `writesTo`: write
   * number → trip id; `expectedFor`: write number → the sockets that should receive it.
   */
  losses(writes, writesTo, expectedFor) {
    const lastWrite = new Map();
    const overtaken = new Set();
    for (let n = 1; n <= writes; n++) {
      const prev = lastWrite.get(writesTo.get(n));
      if (prev !== undefined && this.sentAt.get(n) - this.sentAt.get(prev) < 200) overtaken.add(prev);
      lastWrite.set(writesTo.get(n), n);
    }
    let lost = 0;
    for (let n = 1; n <= writes; n++) if (!overtaken.has(n)) lost += expectedFor.get(n) - (this.received.get(n) ?? 0);
    return { overtaken: overtaken.size, lost };
  }

  /** The count of members a windowed FetchedFoundSet announces, found without parsing its rows. */
  #checkTotal(data, total) {
    const at = data.indexOf(TOTAL);
    const n = at < 0 ? NaN : parseInt(data.toString('latin1', at + TOTAL.length, at + TOTAL.length + 12), 10);
    if (n !== total) this.wrongTotals++;
  }
}
