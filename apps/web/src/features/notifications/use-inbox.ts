import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { TRIP_MSG, type VogDelivery } from '@tripline/core';
import { useLiveStatus, type LiveRequest } from '../../lib/live.ts';
import { toast } from '../../lib/toast.tsx';
import { useLiveFoundSet } from '../../lib/use-live-found-set.ts';
import { deliveriesKey, dismissDelivery, loadUnread } from './api.ts';
import { inboxDeliveries, nextBatch } from './inbox.ts';
import { presentDelivery, withdrawDelivery } from './present.tsx';

/** Without live updates, unread deliveries are asked for this often. */
const POLL_MS = 60_000;

/**
 * The signed-in user's notification inbox: the live found set VOGDelivery (unread, this
 * recipient), or GET vog-deliveries when the socket is not available. New deliveries pop up in
 * batches; one dismissed anywhere disappears here too.
 */
export function useInbox(recipientId: string) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const request = useMemo<LiveRequest>(() => ({ table: 'VOGDelivery', filter: { unread: true, recipientId } }), [recipientId]);
  const found = useLiveFoundSet<VogDelivery>({ request, load: loadUnread });
  const { rows, setRows, source, reload } = found;
  const handled = useRef(new Set<string>());
  const dismissed = useRef(new Set<string>());
  const listed = useRef(new Set<string>());

  const dismiss = useCallback(
    async (id: string) => {
      if (dismissed.current.has(id)) return;
      dismissed.current.add(id);
      setRows((current) => current?.filter((d) => d.id !== id));
      try {
        await dismissDelivery(id);
      } catch {
        // Still unread on the server: the next fetch lists it again.
        dismissed.current.delete(id);
      }
      void queryClient.invalidateQueries({ queryKey: deliveriesKey });
    },
    [queryClient, setRows],
  );

  useEffect(() => {
    if (!rows) return;
    const now = Date.now();
    const batch = nextBatch(rows, handled.current, now);
    for (const id of batch.handled) handled.current.add(id);
    for (const d of batch.show) presentDelivery(d, () => void dismiss(d.id), () => navigate(`/messages?id=${encodeURIComponent(d.id)}`));
    // Gone from the unread set without being dismissed here: read in another tab or window.
    const ids = new Set(rows.map((d) => d.id));
    for (const id of listed.current) {
      if (!ids.has(id) && !dismissed.current.has(id)) {
        dismissed.current.add(id);
        withdrawDelivery(id);
      }
    }
    listed.current = ids;
  }, [rows, dismiss, navigate]);

  useEffect(() => {
    if (source !== 'http') return;
    const timer = setInterval(() => void reload(), POLL_MS);
    return () => clearInterval(timer);
  }, [source, reload]);

  // spec 1 §4: after a lost connection, the next reconnect says so.
  const status = useLiveStatus();
  const wasLost = useRef(false);
  useEffect(() => {
    if (status.lost) wasLost.current = true;
    else if (status.state === 1 && wasLost.current) {
      wasLost.current = false;
      toast.success(TRIP_MSG.CONNECTION_RESTORED, { id: 'connection-restored' });
    }
  }, [status]);

  const unread = useMemo(() => (rows ? inboxDeliveries(rows, Date.now()) : []), [rows]);
  return { unread, loaded: rows !== undefined, dismiss };
}
