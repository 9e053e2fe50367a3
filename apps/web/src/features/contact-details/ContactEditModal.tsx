import { useEffect, useId, useMemo, useState } from 'react';
import { Alert, Badge, Button, Center, Group, Loader, Modal, Stack, Tabs, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { CONTACT_MSG, contactDisplayName, fixErrorsMessage, type ContactProblem, type ContactRecord } from '@tripline/core';
import { ApiError } from '../../lib/api.ts';
import { confirm } from '../../lib/confirm.tsx';
import { localToday } from '../../lib/date-input.ts';
import { toast } from '../../lib/toast.tsx';
import { BlacklistsPanel } from '../contact-care/BlacklistsPanel.tsx';
import { saveContact, useContactRecord } from './api.ts';
import { AddressesTab } from './AddressesTab.tsx';
import { AuthorizationsTab } from './AuthorizationsTab.tsx';
import { BillingTab } from './BillingTab.tsx';
import { CoveragesTab } from './CoveragesTab.tsx';
import { GeneralTab, PassengerTab } from './GeneralTab.tsx';
import { PhonesTab } from './PhonesTab.tsx';
import { RequestsTab } from './RequestsTab.tsx';
import { formOfRecord, formProblems, bodyOfForm, isDirty, newContactForm, tabOfPath, tabOfShowTab, type ContactForm, type ContactTab } from './form.ts';

/** Which contact the edit modal holds: an existing one by id, or a new Person or Business. */
export type ContactEditTarget = { id: string } | { kind: 'Person' | 'Business' };

export interface ContactEditModalProps {
  /** Null: closed. */
  target: ContactEditTarget | null;
  /** The tab to open on (the screen's showTab), else the first. */
  showTab?: string;
  onClose(): void;
  /** After a save: the saved contact's id. */
  onSaved(id: string): void;
}

const TAB_LABELS: Record<ContactTab, string> = {
  general: 'General',
  passenger: 'Passenger',
  billing: 'Billing',
  addresses: 'Addresses',
  phones: 'Phones',
  requests: 'Special requests',
  coverages: 'Coverages',
  authorizations: 'Authorizations',
  blacklists: 'Blacklists',
};

/**
 * Editing a contact (spec 2 §3, §5; 3 §2): every Contact field in tabs, a new Person or Business
 * with the spec's defaults, the form's rules with 'Please fix all validation errors.' plus the
 * detail, a prompt before closing with unsaved changes, and a conflict when someone else saved first.
 */
export function ContactEditModal({ target, showTab, onClose, onSaved }: ContactEditModalProps) {
  const id = target && 'id' in target ? target.id : null;
  const record = useContactRecord(id);
  const [initial, setInitial] = useState<ContactForm | null>(null);
  const [form, setForm] = useState<ContactForm | null>(null);
  const [tab, setTab] = useState<ContactTab>(tabOfShowTab(showTab));
  const [problems, setProblems] = useState<ContactProblem[]>([]);
  const [alert, setAlert] = useState<string | null>(null);
  const [conflict, setConflict] = useState<ContactRecord | null>(null);
  const [saving, setSaving] = useState(false);
  /** The form failed its checks: they run again on every change, so the alert follows the fixes. */
  const [checking, setChecking] = useState(false);
  const queryClient = useQueryClient();
  const formId = useId();

  const load = (f: ContactForm) => {
    setInitial(f);
    setForm(f);
    setProblems([]);
    setAlert(null);
    setConflict(null);
    setChecking(false);
  };
  // Each opening starts from the saved contact, or from the defaults of a new one.
  const kind = target && 'kind' in target ? target.kind : null;
  useEffect(() => {
    setTab(tabOfShowTab(showTab));
    if (!target) return;
    if (kind) load(newContactForm(kind));
    else setForm(null);
  }, [id, kind, showTab, target === null]);
  useEffect(() => {
    if (id && record.data && record.data.id === id && !form) load(formOfRecord(record.data));
  }, [id, record.data, form]);

  useEffect(() => {
    if (!checking || !form) return;
    const found = formProblems(form, localToday());
    setProblems(found);
    setAlert(found[0] ? fixErrorsMessage(found[0].message) : null);
  }, [form, checking]);

  const dirty = !!form && !!initial && isDirty(initial, form);
  const errors = useMemo(() => Object.fromEntries(problems.map((p) => [p.path, p.message])), [problems]);
  const set = (patch: Partial<ContactForm>) => setForm((f) => (f ? { ...f, ...patch } : f));

  const close = async () => {
    if (dirty && !(await confirm({ title: 'Unsaved changes', message: CONTACT_MSG.UNSAVED_CHANGES, confirmLabel: 'Discard', danger: true }))) return;
    setForm(null);
    setInitial(null);
    onClose();
  };

  const submit = async (next: ContactForm) => {
    const found = formProblems(next, localToday());
    setProblems(found);
    setChecking(found.length > 0);
    if (found[0]) {
      setAlert(fixErrorsMessage(found[0].message));
      setTab(tabOfPath(found[0].path));
      return;
    }
    setSaving(true);
    setAlert(null);
    try {
      const saved = await saveContact(bodyOfForm(next, localToday()));
      for (const w of saved.warnings) toast.warning(w, { duration: 'medium' });
      toast.success(`${saved.contact.name} saved`, { duration: 'short' });
      queryClient.setQueryData(['contact-record', saved.contact.id], saved.contact);
      void queryClient.invalidateQueries({ queryKey: ['contacts'] });
      load(formOfRecord(saved.contact));
      onSaved(saved.contact.id);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      if (e.status === 409) {
        setConflict((e.body as { current?: ContactRecord } | undefined)?.current ?? null);
        setAlert(e.serverMessage ?? CONTACT_MSG.STALE);
      } else {
        setProblems(e.details);
        setAlert(e.message);
        if (e.details[0]) setTab(tabOfPath(e.details[0].path));
      }
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    if (!form) return;
    const yes = await confirm({
      title: 'Delete contact',
      message: `Delete ${contactDisplayName(form) || 'this contact'}? The contact is kept but hidden, and its sign-ins end.`,
      confirmLabel: 'Delete',
      danger: true,
    });
    if (yes) await submit({ ...form, deleted: true });
  };

  const title = form?.id ? `${contactDisplayName(form) || 'Contact'}${form.contactNumber ? ` #${form.contactNumber}` : ''}` : `New ${form?.type1 ?? 'contact'}`;
  const loading = !!id && !form && record.isPending;
  const failed = !!id && !form && record.isError;

  return (
    <Modal opened={target !== null} onClose={() => void close()} title={title} size="72rem" closeOnEscape={!saving}>
      {loading && (
        <Center h={240}>
          <Loader aria-label="Loading the contact" />
        </Center>
      )}
      {failed && (
        <Alert color="red" title="The contact could not be loaded">
          <Stack gap="xs">
            <Text size="sm">{record.error instanceof ApiError ? record.error.message : 'Unexpected response from server'}</Text>
            <Group>
              <Button size="xs" variant="light" onClick={() => void record.refetch()}>Try again</Button>
            </Group>
          </Stack>
        </Alert>
      )}
      {form && (
        <Stack gap="sm">
          <Group gap="xs">
            <Badge variant="light">{form.type1}</Badge>
            {form.deleted && <Badge color="red">Deleted</Badge>}
            {dirty && <Badge color="yellow" variant="outline">Unsaved changes</Badge>}
          </Group>
          {alert && (
            <Alert color="red" role="alert" title={conflict ? 'Changed by someone else' : undefined}>
              <Stack gap="xs">
                <Text size="sm">{alert}</Text>
                {conflict && (
                  <Group>
                    <Button size="xs" variant="light" onClick={() => load(formOfRecord(conflict))}>Load the current values</Button>
                  </Group>
                )}
              </Stack>
            </Alert>
          )}
          <Tabs value={tab} onChange={(v) => v && setTab(v as ContactTab)} keepMounted={false}>
            <Tabs.List>
              {(Object.keys(TAB_LABELS) as ContactTab[]).map((t) => (
                <Tabs.Tab key={t} value={t}>{TAB_LABELS[t]}</Tabs.Tab>
              ))}
            </Tabs.List>
            {/* The contact's own fields form one form (Enter saves); the panels that write on their own stay outside it. */}
            <form
              id={formId}
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                // dialogs opened from the form (address, lat/lng search) are forms of their own, whose submits bubble up here
                if (e.target !== e.currentTarget) return;
                void submit(form);
              }}
            >
              <Tabs.Panel value="general" pt="sm"><GeneralTab form={form} set={set} errors={errors} /></Tabs.Panel>
              <Tabs.Panel value="passenger" pt="sm"><PassengerTab form={form} set={set} errors={errors} /></Tabs.Panel>
              <Tabs.Panel value="billing" pt="sm"><BillingTab form={form} set={set} errors={errors} /></Tabs.Panel>
              <Tabs.Panel value="addresses" pt="sm"><AddressesTab form={form} set={set} errors={errors} /></Tabs.Panel>
              <Tabs.Panel value="phones" pt="sm"><PhonesTab form={form} set={set} errors={errors} /></Tabs.Panel>
              <Tabs.Panel value="requests" pt="sm"><RequestsTab form={form} set={set} errors={errors} /></Tabs.Panel>
            </form>
            <Tabs.Panel value="coverages" pt="sm"><CoveragesTab contactId={form.id} /></Tabs.Panel>
            <Tabs.Panel value="authorizations" pt="sm"><AuthorizationsTab passengerId={form.id} /></Tabs.Panel>
            <Tabs.Panel value="blacklists" pt="sm"><BlacklistsPanel contactId={form.id} side={form.types.includes('Affiliate') ? 'partner' : 'passenger'} /></Tabs.Panel>
          </Tabs>
          <Group justify="space-between" mt="sm">
            <Group>
              {form.id && !form.deleted && (
                <Button variant="subtle" color="red" onClick={() => void remove()} disabled={saving}>Delete</Button>
              )}
            </Group>
            <Group>
              <Button variant="default" onClick={() => void close()} disabled={saving}>Close</Button>
              <Button type="submit" form={formId} loading={saving}>Save</Button>
            </Group>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
