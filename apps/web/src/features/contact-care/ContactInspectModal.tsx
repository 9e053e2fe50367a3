import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Group, Loader, Modal, Stack, Tabs, Text } from '@mantine/core';
import { mayImpersonate, type CareSummary } from '@tripline/core';
import { useCurrentUser } from '../../lib/current-user.ts';
import { useImpersonate } from '../auth/use-impersonate.ts';
import { useCareSummary } from './api.ts';
import { BlacklistsPanel } from './BlacklistsPanel.tsx';
import { refusalText } from './CareDateInput.tsx';
import { DiseasesTab } from './DiseasesTab.tsx';
import { DuplicatesTab } from './DuplicatesTab.tsx';
import { HoldsTab } from './HoldsTab.tsx';
import { PreferredPartner } from './PreferredPartner.tsx';
import { TripsTab } from './TripsTab.tsx';

export interface ContactInspectModalProps {
  /** Null: closed. */
  contactId: string | null;
  onClose(): void;
  /** Opens the contact's edit modal, on a tab when given. */
  onEdit(id: string, showTab?: string): void;
}

/** The head of the modal: who the contact is, and what may be done with it as a whole. */
function InspectHead({ contact, onEdit }: { contact: CareSummary; onEdit(id: string): void }) {
  const me = useCurrentUser();
  const su = useImpersonate();
  // su only where the server's rule would allow it, and only for a contact that signs in
  const mayLogInAs = contact.canSignIn && !contact.deleted && !!me.data && mayImpersonate(me.data, contact);
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap">
      <Stack gap={4}>
        <Group gap={6}>
          <Text fw={600} size="lg">
            {contact.name}
          </Text>
          <Text c="dimmed">#{contact.contactNumber}</Text>
          {contact.deleted && <Badge color="gray">Deleted</Badge>}
        </Group>
        <Group gap={4}>
          {contact.types.map((t) => (
            <Badge key={t} variant="light" size="sm">
              {t}
            </Badge>
          ))}
        </Group>
        {contact.mergedInto && (
          <Text size="sm" c="dimmed">
            Merged into {contact.mergedInto.name} (#{contact.mergedInto.contactNumber})
          </Text>
        )}
      </Stack>
      <Group gap="xs" wrap="nowrap">
        {mayLogInAs && (
          <Button variant="default" size="sm" loading={su.isPending} onClick={() => su.mutate(contact.id)}>
            Log in as
          </Button>
        )}
        {!contact.deleted && (
          <Button size="sm" onClick={() => onEdit(contact.id)}>
            Edit
          </Button>
        )}
      </Group>
    </Group>
  );
}

/**
 * The contact inspect modal (spec 2 §3): the contact's trips by date, infectious
 * diseases, holds of a partner, blacklist, duplicates and merge, a passenger's preferred partner,
 * and "Log in as" where su would be allowed. Every write is staff's and audited by the server.
 */
export function ContactInspectModal({ contactId, onClose, onEdit }: ContactInspectModalProps) {
  const [shown, setShown] = useState<string | null>(contactId);
  useEffect(() => setShown(contactId), [contactId]);
  const summary = useCareSummary(shown);
  const contact = summary.data;
  // a deleted (or merged) contact keeps its trips and history; nothing new is recorded on it
  const live = contact !== undefined && !contact.deleted;
  const [tab, setTab] = useState<string | null>('trips');
  useEffect(() => setTab('trips'), [shown]);

  return (
    <Modal opened={contactId !== null} onClose={onClose} size="xl" title="Inspect contact">
      {summary.isPending ? (
        <Loader aria-label="Loading the contact" />
      ) : summary.isError || !contact ? (
        <Alert color="red">The contact could not be loaded: {refusalText(summary.error)}</Alert>
      ) : (
        <Stack gap="md">
          <InspectHead contact={contact} onEdit={(id) => onEdit(id)} />
          {contact.isPassenger && !contact.deleted && <PreferredPartner key={contact.id} contact={contact} />}
          <Tabs value={tab} onChange={setTab} keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="trips">Trips</Tabs.Tab>
              {live && <Tabs.Tab value="diseases">Infectious diseases</Tabs.Tab>}
              {live && contact.isPartner && <Tabs.Tab value="holds">Holds</Tabs.Tab>}
              {live && (contact.isPartner || contact.isPassenger) && <Tabs.Tab value="blacklist">Blacklist</Tabs.Tab>}
              <Tabs.Tab value="duplicates">Duplicates and merge</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="trips" pt="md">
              <TripsTab contactId={contact.id} />
            </Tabs.Panel>
            <Tabs.Panel value="diseases" pt="md">
              <DiseasesTab contactId={contact.id} />
            </Tabs.Panel>
            {contact.isPartner && (
              <Tabs.Panel value="holds" pt="md">
                <HoldsTab providerId={contact.id} />
              </Tabs.Panel>
            )}
            <Tabs.Panel value="blacklist" pt="md">
              <BlacklistsPanel contactId={contact.id} side={contact.isPartner ? 'partner' : 'passenger'} />
            </Tabs.Panel>
            <Tabs.Panel value="duplicates" pt="md">
              <DuplicatesTab contact={contact} onMerged={(keepId) => setShown(keepId)} />
            </Tabs.Panel>
          </Tabs>
        </Stack>
      )}
    </Modal>
  );
}
