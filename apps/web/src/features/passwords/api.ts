import { useQuery } from '@tanstack/react-query';
import { contract, type BodyOf, type QueryOf } from '@tripline/core';
import { callApi } from '../../lib/api.ts';

/** A new password that ticks every displayed rule. */
export function generatePassword() {
  return callApi(contract.passwordGenerator);
}

/** Field problems (400) are shown on the form; other failures by the app's toasts. */
export function editPassword(body: BodyOf<typeof contract.passwordEdit>) {
  return callApi(contract.passwordEdit, { body, quiet: [400] });
}

export function resetPassword(query: QueryOf<typeof contract.passwordReset>) {
  return callApi(contract.passwordReset, { query });
}

/** The contact whose password is changed, when it is not the signed-in user's own. */
export function usePasswordTarget(contactId: string | null) {
  return useQuery({
    queryKey: ['contacts-minimal', contactId],
    queryFn: async ({ signal }) => {
      const rows = await callApi(contract.contactsMinimal, { query: { id: contactId ?? '' }, signal, quiet: true });
      return rows[0] ?? null;
    },
    enabled: contactId !== null,
    retry: false,
  });
}
