// What the fan-out benchmark's sockets watch and search: the busiest days, their partners and
// trips, and searches over those days.
//
// Staff searching while the fan-out benchmark writes: some staff sockets each fetch a live staff
// search (a SyncDriveAssv fetch with filter { search } and a view), keep it a moment, close it and
// fetch the next, over and over, so that searches are evaluated and kept current beside the
// deliveries being timed. Each fetch is timed until its FetchedFoundSet (or its Error).

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Starts the searching on `sockets` (open live sockets of staff users), cycling through `searches`
 * (GET drive-assignments search parameters as text). Answers stop(), which ends the cycles, closes
 * the open searches and answers what happened.
 */
export function startSearchChurn({ sockets, searches, view, holdMs }) {
  const answered = [];
  const errors = [];
  let changes = 0;
  let changeBytes = 0;
  let running = true;
  let next = 0;
  const cycles = sockets.map(async (ws, k) => {
    const waiting = new Map();
    ws.on('bench:other', (type, id, data) => {
      if (type === 'FoundSetChanged') {
        changes++;
        changeBytes += data.length;
      } else if (waiting.has(id) && (type === 'FetchedFoundSet' || type === 'Error')) {
        waiting.get(id)(type === 'Error' ? String(data).slice(0, 200) : null);
        waiting.delete(id);
      }
    });
    // spread the first fetches over the hold time
    await sleep((holdMs * k) / sockets.length);
    for (let round = 0; running; round++) {
      const id = `q${k}-${round}`;
      const search = searches[next++ % searches.length];
      const t0 = performance.now();
      const answer = new Promise((resolve) => waiting.set(id, resolve));
      ws.send(JSON.stringify({ type: 'fetch', subscriptionId: id, table: 'SyncDriveAssv', filter: { search }, view }));
      const error = await Promise.race([answer, sleep(60_000).then(() => 'no answer within 60 s')]);
      if (error) errors.push(error);
      else answered.push(performance.now() - t0);
      await sleep(holdMs);
      ws.send(JSON.stringify({ type: 'close', subscriptionId: id }));
    }
  });
  return {
    async stop() {
      running = false;
      await Promise.all(cycles);
      return { answered, errors, changes, changeBytes };
    },
  };
}

/** Searches over the benchmark's days: the busiest days' divisions, whole days, and a nested custom query. */
export async function benchSearches(pool, days) {
  const { rows: divisions } = await pool.query(
    `select da.service_date::text as day, dv.code as division, count(*)::int as n from drive_assignments da
       join divisions dv on dv.id = da.division_id where da.service_date = any($1::date[]) group by 1, 2 order by 3 desc limit 10`,
    [days],
  );
  const searches = divisions.map((d) => ({ serviceDate: d.day, division: d.division, limit: '250' }));
  for (const day of days) searches.push({ serviceDate: day, limit: '1000' });
  const [first, second] = days;
  searches.push({
    limit: '500',
    filter: JSON.stringify({
      logicalOp: 'and',
      filters: [
        { key: 'serviceDate', op: 'eq', value: `${first}..${second}` },
        { logicalOp: 'or', filters: [{ key: 'priority', op: 'eq', value: '3+' }, { key: 'accepted', op: 'eq', value: false }] },
      ],
    }),
  });
  return searches;
}

/**
 * The `dayCount` busiest days (by trips farmed out) with each one's count of trips, the
 * `partnerCount` partners with the most trips on them, and those partners' trips of those days.
 */
export async function busiestDays(pool, dayCount, partnerCount) {
  const { rows: dayCounts } = await pool.query(
    `select service_date::text as day, count(*)::int as n from drive_assignments where service_date in (
       select service_date from drive_assignments where farmout_contact_id is not null group by 1 order by count(*) desc, 1 limit $1)
      group by 1 order by 1`,
    [dayCount],
  );
  const days = dayCounts.map((r) => r.day);
  const { rows: partners } = await pool.query(
    `select farmout_contact_id as id from drive_assignments where service_date = any($1::date[])
      group by 1 order by count(*) desc limit $2`,
    [days, partnerCount],
  );
  const { rows: trips } = await pool.query(
    `select id, service_date::text as day, farmout_contact_id as partner from drive_assignments
      where service_date = any($1::date[]) and farmout_contact_id = any($2::uuid[])`,
    [days, partners.map((p) => p.id)],
  );
  return { days, dayTotal: new Map(dayCounts.map((r) => [r.day, r.n])), partners: partners.map((p) => p.id), trips };
}
