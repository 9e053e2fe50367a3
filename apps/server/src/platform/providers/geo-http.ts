/** Asking an outside geographic service over HTTP: a time limit, and failures as GeocodeServiceError. */
import { GeocodeServiceError } from './geo.ts';

/** How long an outside geographic service may take to answer. */
export const GEO_SERVICE_TIMEOUT_MS = 3000;

/** GETs JSON; a timeout, a network failure, a non-2xx answer or a body that is not JSON throws GeocodeServiceError. */
export async function getJson(url: URL, service: string, timeoutMs = GEO_SERVICE_TIMEOUT_MS): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, { headers: { accept: 'application/json', 'user-agent': 'Tripline' }, signal: AbortSignal.timeout(timeoutMs) });
  } catch (e) {
    const timedOut = e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError');
    throw new GeocodeServiceError(
      timedOut ? `the ${service} did not answer within ${timeoutMs / 1000} s` : `the ${service} could not be reached`,
    );
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => {});
    throw new GeocodeServiceError(`the ${service} answered ${res.status}`);
  }
  try {
    return await res.json();
  } catch {
    throw new GeocodeServiceError(`the ${service} answered something other than JSON`);
  }
}

/** A bounded cache of answers that forgets the oldest first and each after its time to live. */
export class AnswerCache<T> {
  private entries = new Map<string, { value: T; until: number }>();
  constructor(
    private readonly size: number,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): { value: T } | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    this.entries.delete(key);
    if (hit.until <= this.now()) return undefined;
    this.entries.set(key, hit); // most recently used last
    return { value: hit.value };
  }

  set(key: string, value: T): void {
    this.entries.delete(key);
    this.entries.set(key, { value, until: this.now() + this.ttlMs });
    while (this.entries.size > this.size) this.entries.delete(this.entries.keys().next().value!);
  }
}
