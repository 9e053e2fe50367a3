import type { MfaOptions } from '@tripline/core';
import type { DeliveryMethod } from '../api/mfa.ts';

export interface DeliveryChoice {
  method: DeliveryMethod;
  id: string;
  /** Masked address as the server gives it. */
  label: string;
}

export function deliveryChoices(options: MfaOptions): DeliveryChoice[] {
  return [
    ...options.emails.map((o) => ({ method: 'email' as const, id: o.id, label: o.label })),
    ...options.phones.map((o) => ({ method: 'sms' as const, id: o.id, label: o.label })),
  ];
}

export const choiceKey = (c: DeliveryChoice) => `${c.method}:${c.id}`;

export function describeChoice(c: DeliveryChoice): string {
  return c.method === 'email' ? `Email to ${c.label}` : `Text message to ${c.label}`;
}
