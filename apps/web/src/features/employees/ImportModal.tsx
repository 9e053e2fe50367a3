import { useState } from 'react';
import { Alert, Badge, Button, FileInput, Group, List, Modal, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { EMPLOYEE_CSV_COLUMNS, type EmployeeImportPreview } from '@tripline/core';
import { ApiError } from '../../lib/api.ts';
import { toast } from '../../lib/toast.tsx';
import { uploadEmployeeImport, useApproveEmployeeImport } from './api.ts';

const ACTION_COLOR = { Create: 'teal', Update: 'blue', Ignore: 'gray' } as const;

interface Props {
  opened: boolean;
  /** Staff import into the company chosen in the list's filter (none: the operator's own people). */
  providerId: string | undefined;
  companyName: string;
  onClose(): void;
}

/** Employee import (spec 3 §2, §7): choose a CSV, see what each row will do, approve. */
export function ImportModal({ opened, providerId, companyName, onClose }: Props) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<EmployeeImportPreview | null>(null);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const approve = useApproveEmployeeImport();

  const close = () => {
    setFile(null);
    setPreview(null);
    setError(null);
    onClose();
  };
  const upload = async () => {
    if (!file) return;
    setUploading(true);
    setError(null);
    try {
      setPreview(await uploadEmployeeImport(file, providerId));
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'Could not communicate with server');
    } finally {
      setUploading(false);
    }
  };
  const apply = () => {
    if (!preview) return;
    approve.mutate(preview.importId, {
      onSuccess: (r) => {
        toast.success(`Import Complete: ${r.created} created, ${r.updated} updated, ${r.ignored} ignored`, { duration: 'medium' });
        close();
      },
      onError: (e) => setError(e instanceof ApiError ? e.message : String(e)),
    });
  };
  const importable = preview ? preview.rows.filter((r) => r.action !== 'Ignore').length : 0;

  return (
    <Modal opened={opened} onClose={close} title={`Import employees of ${companyName}`} size="xl">
      <Stack gap="sm">
        {!preview && (
          <>
            <Text size="sm">
              A CSV file with a header row. firstName and lastName are needed; the other columns it may have are{' '}
              {EMPLOYEE_CSV_COLUMNS.filter((c) => c !== 'firstName' && c !== 'lastName' && c !== 'partner').join(', ')}. Every row joins {companyName}; a row
              whose employee number the company already has updates that employee.
            </Text>
            <FileInput label="CSV file" accept=".csv,text/csv" value={file} onChange={setFile} clearable />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button onClick={upload} disabled={!file} loading={uploading}>
                Preview
              </Button>
            </Group>
          </>
        )}
        {preview && (
          <>
            <Text size="sm">
              {importable} of {preview.rows.length} rows will be imported; rows with a warning are ignored.
            </Text>
            <ScrollArea.Autosize mah={360}>
              <Table withTableBorder stickyHeader aria-label="Import preview">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Row</Table.Th>
                    <Table.Th>Action</Table.Th>
                    <Table.Th>Name</Table.Th>
                    <Table.Th>Employee number</Table.Th>
                    <Table.Th>Warnings</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {preview.rows.map((r) => (
                    <Table.Tr key={r.rowNumber}>
                      <Table.Td>{r.rowNumber}</Table.Td>
                      <Table.Td>
                        <Badge color={ACTION_COLOR[r.action]} variant="light">
                          {r.action}
                        </Badge>
                      </Table.Td>
                      <Table.Td>{r.name ?? '—'}</Table.Td>
                      <Table.Td>{r.employeeNumber ?? '—'}</Table.Td>
                      <Table.Td>
                        {r.warnings.length > 0 && (
                          <List size="xs" c="red.8">
                            {r.warnings.map((w) => (
                              <List.Item key={w}>{w}</List.Item>
                            ))}
                          </List>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setPreview(null)}>
                Choose another file
              </Button>
              <Button onClick={apply} disabled={importable === 0} loading={approve.isPending}>
                Approve {importable} rows
              </Button>
            </Group>
          </>
        )}
        {error && (
          <Alert color="red" role="alert" title="Upload Failed">
            {error}
          </Alert>
        )}
      </Stack>
    </Modal>
  );
}
