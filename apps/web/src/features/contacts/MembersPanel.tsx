import { useState } from 'react';
import { Alert, Button, Center, Loader, Text } from '@mantine/core';
import { CONTACT_SEARCH_LIMIT, CONTACT_SEARCH_TEXT, TYPEAHEAD_MIN_CHARS, type EnrollmentMember } from '@tripline/core';
import { toast } from '../../lib/toast.tsx';
import { useCreateFromMember, useMemberSearch } from './api.ts';
import { MembersTable } from './MembersTable.tsx';

/**
 * The 834 search of the register (search834): members of the plans' enrollment files; "Create
 * contact" makes a passenger of one, or opens the contact that already holds the member id.
 */
export function MembersPanel({ q, onOpenContact }: { q: string; onOpenContact(contactId: string): void }) {
  const search = useMemberSearch(q);
  const create = useCreateFromMember();
  const [creatingId, setCreatingId] = useState<string | null>(null);

  const onCreate = (m: EnrollmentMember) => {
    setCreatingId(m.id);
    create.mutate(m.id, {
      onSuccess: ({ created, contact }) => {
        if (created) toast.success(`Contact ${contact.contactNumber} created for ${contact.name}`, { duration: 'quickSuccess' });
        else toast.info(`${contact.name} is already contact ${contact.contactNumber}`);
        onOpenContact(contact.id);
      },
      onError: (err) => toast.error(err.message),
      onSettled: () => {
        setCreatingId(null);
        void search.refetch();
      },
    });
  };

  if (q.length < TYPEAHEAD_MIN_CHARS) return <Text c="dimmed">{CONTACT_SEARCH_TEXT.enterTerm}</Text>;
  if (search.isPending)
    return (
      <Center py={48}>
        <Loader size="sm" aria-label="Loading members" />
      </Center>
    );
  if (search.isError)
    return (
      <Alert color="red" title="The 834 members could not be loaded" role="alert">
        {search.error.message}{' '}
        <Button variant="subtle" size="compact-sm" onClick={() => search.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  if (search.data.members.length === 0)
    return (
      <Text c="dimmed" role="status">
        {CONTACT_SEARCH_TEXT.noMembers}
      </Text>
    );
  return (
    <>
      <MembersTable members={search.data.members} creatingId={creatingId} onCreate={onCreate} onOpenContact={onOpenContact} />
      {search.data.more && (
        <Text size="sm" c="dimmed" role="status">
          More members match than the first {CONTACT_SEARCH_LIMIT}: add a word, a member ID or a date of birth to narrow the search.
        </Text>
      )}
    </>
  );
}
