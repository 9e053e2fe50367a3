import type { WindowMember } from '@tripline/core';
import type { SessionUser } from '../auth/users.ts';
import type { RowEntry } from './found-set.ts';
import type { LiveSource, SelectionRead } from './source.ts';
import type { WindowedSet } from './windowed.ts';

export const LOAD_FAILED = 'The live data could not be loaded; fetch again.';

/** The end of a subscription: a socket connection. */
export interface Subscriber {
  readonly user: SessionUser;
  /** Sends a message; `change` marks a live update of that subscription, which may be withheld. */
  send(text: string, change?: Subscription): void;
  /** The server ended the subscription (invalidated or failed); the client fetches again. */
  forget(subscription: Subscription): void;
}

/** Where a windowed subscriber's window is over its members. */
export interface WindowPlace {
  start: number;
  count: number;
}

export class Subscription {
  /**
   * Ids of the rows this subscriber holds: the only ids it may ever be told were removed. With a
   * window: the rows of its window (it knows every member's id from `members`).
   */
  readonly held = new Set<string>();
  /** FetchedFoundSet has been sent; changes before that are part of the fetched rows. */
  live = false;
  closed = false;
  /**
   * With a window: the members this subscriber may see, in order, where its row scope is narrower
   * than the found set; null while it sees every member (the set's own list, shared).
   */
  visible: WindowMember[] | null = null;
  /** Window messages that came before FetchedFoundSet was sent: each is answered right after it. */
  readonly moves: WindowPlace[] = [];
  constructor(
    readonly subscriptionId: string,
    readonly subscriber: Subscriber,
    readonly foundSet: FoundSet | null,
    /** Set for a windowed fetch; moved by the window message. */
    public window: WindowPlace | null = null,
  ) {}
}

export class FoundSet {
  readonly rows = new Map<string, RowEntry>();
  readonly subscriptions = new Set<Subscription>();
  ready = false;
  dropped = false;
  /** Set while nobody subscribes: the rows are kept current a little longer for a quick return. */
  lingerTimer: NodeJS.Timeout | null = null;
  /** While the set is read beside delivery: the ids changed since the reading began, to check again. */
  since: Set<string> | null = null;
  /** A reading runs; `wanted` is the one asked for next. */
  reading = false;
  wanted: SelectionRead | null = null;
  /** Changes may have been missed while the set was read (the notification connection was lost). */
  missed = false;
  constructor(
    readonly key: string,
    readonly source: LiveSource,
    readonly filter: object,
    /** The members in order, for a found set fetched with a view; kept once for all its subscribers. */
    readonly windowed: WindowedSet | null = null,
  ) {}
}
