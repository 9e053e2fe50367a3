import type { QueryClient } from '@tanstack/react-query';
import { MSG, TRIP_MSG, defaultLanding, type CurrentUser } from '@tripline/core';
import { STATUS_NO_RESPONSE, setApiListener } from '../lib/api.ts';
import { errorAction } from '../lib/api-errors.ts';
import { live } from '../lib/live.ts';
import { recordClientError } from '../lib/error-log.ts';
import { saveRoute } from '../lib/saved-route.ts';
import { groupWarnings, type ServerWarning } from '../lib/server-headers.ts';
import { toast } from '../lib/toast.tsx';
import { currentUserKey } from '../lib/current-user.ts';

interface AppRouter {
  state: { location: { pathname: string; search: string } };
  navigate(to: string, options?: { replace?: boolean }): Promise<void>;
}

function showServerWarnings(warnings: ServerWarning[]) {
  // spec 1 §8: warnings from the header appear under titled headings for 30 seconds.
  for (const group of groupWarnings(warnings)) {
    const message = group.messages.length === 1 ? group.messages[0] : group.messages.map((m) => `• ${m}`).join('\n');
    const show = group.toastMethod === 'error' ? toast.error : group.toastMethod === 'info' ? toast.info : toast.warning;
    show(message, { title: group.title, duration: 'serverWarning' });
  }
}

/** Decides how the app answers what the API client reports: toasts, the error log and navigation. */
export function connectApi(router: AppRouter, queryClient: QueryClient): void {
  // The server stopped answering; its next answer says the connection is back (spec 1 §4).
  let serverLost = false;
  setApiListener({
    warnings: showServerWarnings,
    errorHeader: (message) => toast.error(message),
    // spec 1 §4: a lost live connection reconnects on the next successful request.
    succeeded: () => {
      live.nudge();
      if (serverLost) {
        serverLost = false;
        toast.hide('server-not-responding');
        toast.success(TRIP_MSG.CONNECTION_RESTORED, { id: 'connection-restored' });
      }
    },
    failure: (error, quiet) => {
      if (error.status === STATUS_NO_RESPONSE) serverLost = true;
      // Being signed out is not a fault worth a bug report.
      if (error.status !== 401) {
        const request = error.requestId ? ` (request ${error.requestId})` : '';
        recordClientError({ message: `${error.call}: ${error.message}${request}`, url: window.location.href, status: error.status });
      }
      if (quiet) return;

      const { pathname, search } = router.state.location;
      const action = errorAction(error, pathname);
      const user = queryClient.getQueryData<CurrentUser | null>(currentUserKey);
      if (action.kind === 'signIn') {
        saveRoute(pathname + search);
        if (user) toast.warning(MSG.SESSION_TIMED_OUT, { id: 'session-timed-out' });
        void router.navigate('/login', { replace: true }).then(() => queryClient.setQueryData(currentUserKey, null));
      } else if (action.kind === 'toast') {
        toast[action.level](action.message, { id: action.id, persist: action.persist, reportBug: action.reportBug });
        // "Go to /" means the user's own home: / itself is the partner list and would refuse staff.
        if (action.goHome) void router.navigate((user && defaultLanding(user)) || '/');
      }
    },
  });
}
