import { DeliveryFailed, type OutgoingCall, type PhoneTransport } from './messaging.ts';

export interface PhoneHttpOptions {
  /** The provider's endpoint (SMS_HTTP_URL): text messages are posted to it, calls to its /voice. */
  url: string;
  /** Sent as the bearer token (SMS_HTTP_TOKEN); never logged. */
  token: string;
  /** The number messages come from (SMS_FROM). */
  from: string;
  /** Per attempt, default 5 s. */
  timeoutMs?: number;
  /** Waits before the 2nd, 3rd, … attempt; default 0.5 s, 2 s. */
  retryDelaysMs?: readonly number[];
}

const RETRIED = (status: number) => status >= 500 || status === 429;

/**
 * Text messages and phone calls through an HTTP gateway: a JSON POST { channel, from, to, body }
 * with the bearer token, 5 s per attempt. A 5xx, a 429 or no answer is tried again after a pause;
 * any other 4xx is refused for good at once. The answer's `id` (if any) is the message's id.
 */
export function httpPhone(opts: PhoneHttpOptions): PhoneTransport {
  const timeoutMs = opts.timeoutMs ?? 5000;
  const delays = opts.retryDelaysMs ?? [500, 2000];
  const voiceUrl = `${opts.url.replace(/\/+$/, '')}/voice`;

  async function post(url: string, channel: 'sms' | 'voice', m: OutgoingCall): Promise<string | null> {
    let last = 'no answer';
    for (let attempt = 0; attempt <= delays.length; attempt++) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, delays[attempt - 1]));
      let res: Response;
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${opts.token}` },
          body: JSON.stringify({ channel, from: opts.from, to: m.to, body: m.body }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (e) {
        last = (e as Error).name === 'TimeoutError' ? `no answer within ${timeoutMs / 1000} s` : 'could not connect';
        continue;
      }
      if (res.ok) {
        const answer = (await res.json().catch(() => null)) as { id?: unknown } | null;
        return answer && typeof answer.id === 'string' ? answer.id.slice(0, 200) : null;
      }
      await res.body?.cancel().catch(() => {});
      last = `HTTP ${res.status}`;
      if (!RETRIED(res.status)) throw new DeliveryFailed(`The ${channel === 'sms' ? 'SMS' : 'voice'} provider refused the message (${last})`);
    }
    throw new DeliveryFailed(`The ${channel === 'sms' ? 'SMS' : 'voice'} provider did not take the message (${last})`);
  }

  return {
    sendSms: (m) => post(opts.url, 'sms', m),
    sendVoice: (m) => post(voiceUrl, 'voice', m),
  };
}
