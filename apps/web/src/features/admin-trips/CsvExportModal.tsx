import { useState } from 'react';
import { Alert, Button, Group, Modal, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { CsvExportBody, parseSearchDate } from '@tripline/core';
import { ApiError } from '../../lib/api.ts';
import { localToday } from '../../lib/date-input.ts';
import { useCsvExport } from './api.ts';
import { SubmitForm } from '../../components/SubmitForm.tsx';

export interface CsvExportModalProps {
  opened: boolean;
  onClose(): void;
  /** The first and last day, prefilled from the search. */
  dateFrom: string;
  dateTo: string;
  /** The rest of the search, sent along so the file holds the same trips. */
  search: Record<string, string>;
}

type Field = 'dateFrom' | 'dateTo' | 'passwordVerify';

/**
 * CSV download of a search (spec 2 §7): the dates and the password once more, because the file
 * holds passengers' details. The password never stays in the form, whatever the answer.
 */
export function CsvExportModal({ opened, onClose, dateFrom, dateTo, search }: CsvExportModalProps) {
  const [from, setFrom] = useState(dateFrom);
  const [to, setTo] = useState(dateTo);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field | 'form', string>>>({});
  const exporting = useCsvExport();

  const close = () => {
    setPassword('');
    setErrors({});
    onClose();
  };

  const submit = async () => {
    const today = localToday();
    // Dates go as typed when unreadable, so the server's message about them is shown.
    const body = {
      dateFrom: parseSearchDate(from, today) ?? from,
      dateTo: parseSearchDate(to, today) ?? to,
      passwordVerify: password,
      search,
    };
    setPassword('');
    const shape = CsvExportBody.safeParse(body);
    if (!shape.success) {
      const next: typeof errors = {};
      for (const issue of shape.error.issues) {
        const key = issue.path[0];
        next[key === 'dateFrom' || key === 'dateTo' || key === 'passwordVerify' ? key : 'form'] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      const { url } = await exporting.mutateAsync(shape.data);
      window.location.assign(url);
      close();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const next: typeof errors = {};
      for (const d of error.details) {
        if (d.path === 'dateFrom' || d.path === 'dateTo' || d.path === 'passwordVerify') next[d.path] ??= d.message;
      }
      if (Object.keys(next).length === 0) next.form = error.message;
      setErrors(next);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title="Download trips as CSV" size="md">
      <SubmitForm onSubmit={submit}>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            The file lists the trips of your search between these dates, with passengers' details. Enter your password again to download it.
          </Text>
          <SimpleGrid cols={2} spacing="sm">
            <TextInput label="From" value={from} onChange={(e) => setFrom(e.currentTarget.value)} error={errors.dateFrom} placeholder="MM/DD/YYYY" data-autofocus />
            <TextInput label="To" value={to} onChange={(e) => setTo(e.currentTarget.value)} error={errors.dateTo} placeholder="MM/DD/YYYY" />
          </SimpleGrid>
          <PasswordInput
            label="Your password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={errors.passwordVerify}
            autoComplete="current-password"
          />
          {errors.form && (
            <Alert color="red" role="alert" py="xs">
              {errors.form}
            </Alert>
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" leftSection={<IconDownload size={16} aria-hidden />} loading={exporting.isPending}>
              Download
            </Button>
          </Group>
        </Stack>
      </SubmitForm>
    </Modal>
  );
}
