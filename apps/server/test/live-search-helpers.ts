import type { LiveServerMessage, WindowMember } from '@tripline/core';
import type { LiveClient } from './live-helpers.ts';

// What the live search tests share: following a search set as a client would.

export type Fetched = Extract<LiveServerMessage, { type: 'FetchedFoundSet' }>;
export type Changed = Extract<LiveServerMessage, { type: 'FoundSetChanged' }>;
export const memberIds = (ms: WindowMember[] | undefined) => (ms ?? []).map((m) => m[0]);

/** What a client knows of a search set: its members by id, in key order, and the counts. */
export class SearchModel {
  members = new Map<string, WindowMember>();
  total = 0;
  matches = 0;
  hidden = 0;
  constructor(
    private readonly live: LiveClient,
    readonly id: string,
    fetched: Fetched,
  ) {
    for (const m of fetched.members ?? []) this.members.set(m[0], m);
    Object.assign(this, { total: fetched.total, matches: fetched.matches, hidden: fetched.hidden });
  }

  apply(c: Changed): void {
    for (const id of c.removed) this.members.delete(id);
    for (const m of c.members ?? []) this.members.set(m[0], m);
    Object.assign(this, { total: c.total, matches: c.matches, hidden: c.hidden });
  }

  /** Takes this set's changes as they come until the model meets `done`. */
  async until(done: (m: this) => boolean): Promise<void> {
    while (!done(this)) this.apply(await this.live.changed(this.id));
  }

  ids(): string[] {
    return [...this.members.values()].sort((x, y) => (x[1] < y[1] ? -1 : x[1] > y[1] ? 1 : 0)).map((m) => m[0]);
  }
}

export async function search(live: LiveClient, id: string, search: Record<string, string>, view: Record<string, unknown> = { start: 0, count: 50 }) {
  const fetched = await live.fetchView(id, { search }, view);
  return { fetched, model: new SearchModel(live, id, fetched) };
}

