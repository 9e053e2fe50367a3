import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Center, Group, Loader, Select, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconFileImport, IconPlus, IconSearch } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { EMPLOYEE_MSG, isStaff, type Employee } from '@tripline/core';
import type { ScreenProps } from '../../app/screens.tsx';
import { confirm } from '../../lib/confirm.tsx';
import { useCurrentUser } from '../../lib/current-user.ts';
import { toast } from '../../lib/toast.tsx';
import { useImpersonate } from '../auth/use-impersonate.ts';
import { ContactEditModal } from '../contact-details/ContactEditModal.tsx';
import { contactOfEmployee, employeesCsvUrl, useDeleteEmployee, useEmployees, usePartnerOptions } from './api.ts';
import { EmployeeModal, type EmployeeTarget } from './EmployeeModal.tsx';
import { EmployeesTable, ROW_HEIGHT, type RowActions } from './EmployeesTable.tsx';
import { ImportModal } from './ImportModal.tsx';

const IN_HOUSE = 'in-house';

/**
 * /admin/employees (spec 3 §2): a partner's own company is listed at once; staff search by name,
 * employee number or phone (q), company (providerId) and includeDeleted, all kept in the address.
 */
export function EmployeesPage({ route }: ScreenProps) {
  const { data: me } = useCurrentUser();
  const staff = me ? isStaff(me) : false;
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const providerId = params.get('providerId') ?? undefined;
  const includeDeleted = params.get('includeDeleted') === 'true';
  const [typed, setTyped] = useState(q);
  const [debounced] = useDebouncedValue(typed.trim(), 300);
  const [target, setTarget] = useState<EmployeeTarget | null>(null);
  const [contactId, setContactId] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);
  const partners = usePartnerOptions(staff);
  const remove = useDeleteEmployee();
  const impersonate = useImpersonate();

  const setParam = (name: string, value: string | undefined) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };
  // the address changed by itself (Back, a link), not by the typing: the box shows its search
  const written = useRef(q);
  useEffect(() => {
    if (q !== written.current) setTyped(q);
    written.current = q;
  }, [q]);
  useEffect(() => {
    if (debounced === q) return;
    written.current = debounced;
    setParam('q', debounced || undefined);
    // the address follows the typing only
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  // rule 75: a partner's list runs at once; staff search first
  const asked = !staff || q !== '' || providerId !== undefined;
  const filter = { q: q || undefined, providerId, includeDeleted: includeDeleted ? 'true' : undefined };
  const list = useEmployees(filter, Boolean(me) && asked);
  const companyName = providerId === IN_HOUSE || !providerId ? (staff ? 'the operator (in-house)' : (me?.partnerName ?? 'your company')) : (partners.data?.find((p) => p.id === providerId)?.name ?? 'the company');
  const mayAdd = me ? staff || me.partnerId !== null : false;
  const mayImport = me ? (staff ? (providerId !== undefined && providerId !== IN_HOUSE) || me.adminAccess : me.partnerId !== null) : false;

  const actions = useMemo<RowActions>(
    () => ({
      onOpen: (e: Employee) => setTarget({ id: e.id, name: e.name }),
      onShowContact: async (e: Employee) => {
        try {
          const contact = await contactOfEmployee(e.id);
          if (!contact) toast.error(EMPLOYEE_MSG.NO_CONTACT_WITH_EMPLOYEE_ID);
          else setContactId(contact.id);
        } catch {
          // the API client has already said why the lookup failed
        }
      },
      onLogInAs: (e: Employee) => impersonate.mutate(e.id),
      onDelete: async (e: Employee) => {
        const yes = await confirm({
          title: `Delete ${e.name}?`,
          message: 'The employee leaves the lists and driver pickers and is signed out; trips and history keep their name.',
          confirmLabel: 'Delete',
          danger: true,
        });
        if (!yes) return;
        remove.mutate(e, {
          onSuccess: () => toast.success(EMPLOYEE_MSG.DELETED, { duration: 'quickSuccess' }),
          onError: (err) => toast.error(err.message),
        });
      },
    }),
    [impersonate, remove],
  );

  if (!me) return null;
  const rows = list.data ?? [];
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h3">
          {route.title ?? 'Employees'}
        </Title>
        <Group gap="xs">
          {mayAdd && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setTarget({ new: true })}>
              New employee
            </Button>
          )}
          {mayImport && (
            <Button variant="default" leftSection={<IconFileImport size={16} />} onClick={() => setImporting(true)}>
              Import
            </Button>
          )}
          <Button
            variant="default"
            component="a"
            href={employeesCsvUrl(filter)}
            download
            leftSection={<IconDownload size={16} />}
            disabled={!asked}
          >
            Download CSV
          </Button>
        </Group>
      </Group>
      <Group gap="sm" align="flex-end">
        <TextInput
          label="Search"
          placeholder="Name, employee number or phone"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={typed}
          onChange={(e) => setTyped(e.currentTarget.value)}
          w={300}
          autoFocus={staff}
        />
        {staff && (
          <Select
            label="Company"
            placeholder="Every company"
            data={[{ value: IN_HOUSE, label: 'In-house (the operator)' }, ...(partners.data ?? []).map((p) => ({ value: p.id, label: p.name }))]}
            value={providerId ?? null}
            onChange={(v) => setParam('providerId', v ?? undefined)}
            searchable
            clearable
            w={280}
            comboboxProps={{ withinPortal: true }}
          />
        )}
        <Switch label="Show deleted" checked={includeDeleted} onChange={(e) => setParam('includeDeleted', e.currentTarget.checked ? 'true' : undefined)} mb={8} />
      </Group>

      {!asked ? (
        <Text c="dimmed" size="sm">
          Enter a search term or choose a company to list employees.
        </Text>
      ) : list.isPending ? (
        <Center py={48}>
          <Loader size="sm" aria-label="Loading employees" />
        </Center>
      ) : list.isError ? (
        <Alert color="red" title="The employees could not be loaded" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{list.error.message}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void list.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          No employees found.
        </Text>
      ) : (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {rows.length === 1 ? '1 employee' : `${rows.length} employees`}
          </Text>
          <div style={{ height: `min(${rows.length * ROW_HEIGHT + 40}px, max(360px, calc(100dvh - 280px)))`, display: 'flex' }}>
            <EmployeesTable employees={rows} me={me} actions={actions} />
          </div>
        </>
      )}

      <EmployeeModal target={target} me={me} onClose={() => setTarget(null)} />
      {staff && <ContactEditModal target={contactId ? { id: contactId } : null} onClose={() => setContactId(null)} onSaved={() => setContactId(null)} />}
      {mayImport && (
        <ImportModal opened={importing} providerId={providerId === IN_HOUSE ? undefined : providerId} companyName={companyName} onClose={() => setImporting(false)} />
      )}
    </Stack>
  );
}
