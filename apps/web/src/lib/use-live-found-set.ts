import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { applyFoundSetChange, type FoundSetChange } from './found-set.ts';
import { live, useLiveStatus, type LiveRequest } from './live.ts';

/** How long a subscription may go unanswered before the rows are fetched over HTTP instead. */
const FALLBACK_AFTER_MS = 3_000;

export interface LiveFoundSet<Row> {
  /** Undefined until the first answer. */
  rows: Row[] | undefined;
  /** Where the rows came from: the live found set, or the HTTP fallback when the socket is not available. */
  source: 'live' | 'http' | null;
  /**
   * The rows came live and the connection has since been lost (the server closed it, for instance
   * with LIVE_CLOSE_TRY_AGAIN_LATER while its database is down): the screen shows its own text
   * until the connection is back, reconnected with backoff and the found set fetched again.
   */
  lost: boolean;
  error: unknown;
  /** Local changes: the answer of a write, the server's copy after a conflict. */
  setRows: Dispatch<SetStateAction<Row[] | undefined>>;
  /** Fetches the rows over HTTP again (for when live updates are not flowing). */
  reload(): Promise<void>;
}

export interface LiveFoundSetOptions<Row> {
  /** The found set to follow; null shows nothing. */
  request: LiveRequest | null;
  /** The same rows over HTTP. */
  load(signal: AbortSignal): Promise<Row[]>;
  /** Drops parts of a live change before it is applied (records this tab changed a moment ago). */
  filterChange?(change: FoundSetChange<Row>): FoundSetChange<Row>;
}

/**
 * Rows of a live found set, kept current by the socket; when the socket cannot be used (no
 * websockets, the connection never opens, or the subscription is refused) the rows come from
 * `load` instead, and the live answer replaces them whenever it arrives.
 */
export function useLiveFoundSet<Row extends { id: string }>(options: LiveFoundSetOptions<Row>): LiveFoundSet<Row> {
  const [rows, setRows] = useState<Row[] | undefined>(undefined);
  const [source, setSource] = useState<'live' | 'http' | null>(null);
  const [error, setError] = useState<unknown>(null);
  const latest = useRef(options);
  latest.current = options;
  const key = options.request ? JSON.stringify(options.request) : null;

  useEffect(() => {
    setRows(undefined);
    setSource(null);
    setError(null);
    if (!key) return;
    const request = JSON.parse(key) as LiveRequest;
    const controller = new AbortController();
    let liveAnswered = false;
    let httpStarted = false;

    const fallback = () => {
      if (httpStarted || liveAnswered) return;
      httpStarted = true;
      latest.current.load(controller.signal).then(
        (loaded) => {
          if (liveAnswered || controller.signal.aborted) return;
          setRows(loaded);
          setSource('http');
        },
        (failure: unknown) => {
          if (!liveAnswered && !controller.signal.aborted) setError(failure);
        },
      );
    };

    const unsubscribe = live.subscribe<Row>(request, {
      fetched: (fresh) => {
        liveAnswered = true;
        setRows(fresh);
        setSource('live');
        setError(null);
      },
      changed: (change) => {
        const kept = latest.current.filterChange ? latest.current.filterChange(change) : change;
        setRows((current) => (current ? applyFoundSetChange(current, kept) : current));
      },
      error: fallback,
    });
    const onStatus = () => {
      const status = live.getStatus();
      if (status.state === 0 && status.failedAttempts > 0) fallback();
    };
    const stopStatus = live.onStatus(onStatus);
    if (!live.getStatus().supported) fallback();
    const timer = setTimeout(fallback, FALLBACK_AFTER_MS);

    return () => {
      controller.abort();
      clearTimeout(timer);
      stopStatus();
      unsubscribe();
    };
  }, [key]);

  const keyRef = useRef(key);
  keyRef.current = key;
  const reload = useCallback(async () => {
    const asked = keyRef.current;
    if (!asked) return;
    try {
      const loaded = await latest.current.load(new AbortController().signal);
      // Another found set was chosen meanwhile (a new date): these rows are not its rows.
      if (keyRef.current !== asked) return;
      setRows(loaded);
      setError(null);
    } catch (failure) {
      if (keyRef.current === asked) setError(failure);
    }
  }, []);

  const status = useLiveStatus();
  return { rows, source, lost: source === 'live' && status.lost, error, setRows, reload };
}
