import type { ComponentPropsWithoutRef } from 'react';

/**
 * A form that hands its submit (Enter in a field, or the submit button) to `onSubmit` instead of
 * letting the browser post the page; the dialogs check their fields themselves (`noValidate`).
 */
export function SubmitForm({ onSubmit, ...rest }: Omit<ComponentPropsWithoutRef<'form'>, 'onSubmit'> & { onSubmit(): unknown }) {
  return (
    <form
      {...rest}
      onSubmit={(e) => {
        e.preventDefault();
        void onSubmit();
      }}
    />
  );
}
