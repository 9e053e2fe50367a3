import { useEffect, useState } from 'react';
import { Alert, Badge, Button, FileInput, Group, Modal, ScrollArea, Select, Stack, Table, Text } from '@mantine/core';
import { IconAlertCircle, IconFileTypeCsv } from '@tabler/icons-react';
import type { ResponseOf, contract } from '@tripline/core';
import { toast } from '../../lib/toast.tsx';
import { useImportApprove, useImportUpload } from './api.ts';

type Preview = ResponseOf<typeof contract.vehicleImportUpload>;

interface Props {
  opened: boolean;
  /** Staff choose the partner whose fleet the file holds; null for an Affiliate (its own). */
  partners: { value: string; label: string }[] | null;
  onClose(): void;
}

const MAX_BYTES = 512 * 1024;

/** Vehicle import (spec 1 §7): a CSV is read into a preview of rows to add or change, then approved. */
export function ImportModal({ opened, partners, onClose }: Props) {
  const [file, setFile] = useState<File | null>(null);
  const [partnerId, setPartnerId] = useState<string | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useImportUpload();
  const approve = useImportApprove();

  useEffect(() => {
    if (opened) return;
    setFile(null);
    setPreview(null);
    setProblem(null);
  }, [opened]);

  const onUpload = async () => {
    if (!file) return;
    if (!/\.csv$/i.test(file.name)) return setProblem('Upload is of the wrong type');
    if (file.size > MAX_BYTES) return setProblem('The file is too large: at most 512 KB');
    if (partners && !partnerId) return setProblem('Choose the partner the vehicles belong to');
    setProblem(null);
    upload.mutate(
      { csv: await file.text(), partnerId: partnerId ?? undefined },
      { onSuccess: setPreview, onError: (e) => setProblem(e.message) },
    );
  };

  const onApprove = () => {
    if (!preview) return;
    approve.mutate(preview.importId, {
      onSuccess: (r) => {
        toast.success(`${r.created} vehicle${r.created === 1 ? '' : 's'} added, ${r.updated} changed`, { duration: 'short' });
        onClose();
      },
      onError: (e) => setProblem(e.message),
    });
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Import vehicles" size="xl">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          A CSV with a header row: vehicleNumber, vehicleType and vin, and any other field of the vehicle (modelYear, licensePlate, termDate…). A vehicle number
          already in the fleet changes that vehicle; the others are added.
        </Text>
        {problem && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {problem}
          </Alert>
        )}
        {!preview ? (
          <>
            {partners && <Select label="Partner" required searchable data={partners} value={partnerId} onChange={setPartnerId} />}
            <FileInput label="CSV file" accept=".csv,text/csv" leftSection={<IconFileTypeCsv size={16} />} value={file} onChange={setFile} clearable />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button onClick={() => void onUpload()} disabled={!file} loading={upload.isPending}>
                Preview
              </Button>
            </Group>
          </>
        ) : (
          <>
            <Text size="sm" aria-live="polite">
              {preview.valid} row{preview.valid === 1 ? '' : 's'} ready, {preview.invalid} with problems
            </Text>
            <ScrollArea.Autosize mah={360}>
              <Table striped withTableBorder aria-label="Rows of the import">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Line</Table.Th>
                    <Table.Th>Number</Table.Th>
                    <Table.Th>VIN</Table.Th>
                    <Table.Th>Action</Table.Th>
                    <Table.Th>Problems</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {preview.rows.map((r) => (
                    <Table.Tr key={r.line}>
                      <Table.Td>{r.line}</Table.Td>
                      <Table.Td>{r.vehicleNumber ?? '—'}</Table.Td>
                      <Table.Td>{r.vin ?? '—'}</Table.Td>
                      <Table.Td>{r.action ? <Badge variant="light">{r.action === 'create' ? 'Add' : 'Change'}</Badge> : '—'}</Table.Td>
                      <Table.Td c={r.problems.length ? 'red.8' : undefined}>{r.problems.join('; ') || 'OK'}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setPreview(null)}>
                Choose another file
              </Button>
              <Button onClick={onApprove} disabled={preview.invalid > 0} loading={approve.isPending}>
                Approve
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}
