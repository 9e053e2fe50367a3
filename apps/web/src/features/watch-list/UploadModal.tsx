import { useState } from 'react';
import { Alert, Badge, Button, FileInput, Group, Modal, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { isWatchListWorkbookName, WATCH_LIST_MSG, type WatchListPreview, type WatchListRowAction } from '@tripline/core';
import { formatUsDate } from '../../lib/date-input.ts';
import { toast } from '../../lib/toast.tsx';
import { uploadFailureText, uploadWatchList, useApplyUpload } from './api.ts';

export interface UploadModalProps {
  opened: boolean;
  onClose(): void;
}

const ACTION: Record<WatchListRowAction, { label: string; color: string }> = {
  add: { label: 'Add', color: 'teal' },
  update: { label: 'Change', color: 'blue' },
  unchanged: { label: 'No change', color: 'gray' },
  error: { label: 'Skipped', color: 'red' },
};

const day = (d: string | null) => (d ? formatUsDate(d) : '');

/**
 * The watch list upload (spec 3 §2, §5): an .xlsx workbook is read and previewed row by row
 * (passenger found, what applying does, problems); the list changes only when the preview is applied.
 */
export function UploadModal({ opened, onClose }: UploadModalProps) {
  const [file, setFile] = useState<File | null>(null);
  const [reading, setReading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<WatchListPreview | null>(null);
  const apply = useApplyUpload();

  const close = () => {
    setFile(null);
    setError(null);
    setPreview(null);
    apply.reset();
    onClose();
  };

  const read = async () => {
    if (!file) return setError(WATCH_LIST_MSG.FILE_REQUIRED);
    // spec 3 §5: .xlsx only, refused before anything is sent
    if (!isWatchListWorkbookName(file.name)) return setError(WATCH_LIST_MSG.WRONG_TYPE);
    setError(null);
    setReading(true);
    try {
      setPreview(await uploadWatchList(file));
    } catch (e) {
      setError(uploadFailureText(e));
    } finally {
      setReading(false);
    }
  };

  const applyPreview = () => {
    if (!preview) return;
    apply.mutate(preview.uploadId, {
      onSuccess: (r) => {
        toast.success(`Watch list updated: ${r.added} added, ${r.updated} changed, ${r.unchanged} unchanged, ${r.skipped} skipped`);
        close();
      },
      onError: (e) => setError(uploadFailureText(e)),
    });
  };

  const applicable = preview ? preview.counts.add + preview.counts.update : 0;

  return (
    <Modal opened={opened} onClose={close} title="Upload a watch list workbook" size={preview ? 'xl' : 'md'}>
      <Stack gap="sm">
        {!preview ? (
          <>
            <Text size="sm" c="dimmed">
              An .xlsx workbook whose first row names the columns: Member ID or Contact Number, Passenger, Reason, Start Date (today when empty) and End Date (no end when
              empty).
            </Text>
            <FileInput
              label="Workbook"
              placeholder="Choose an .xlsx file"
              accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              leftSection={<IconFileSpreadsheet size={16} />}
              value={file}
              onChange={(f) => {
                setFile(f);
                setError(null);
              }}
              clearable
              data-autofocus
            />
          </>
        ) : (
          <>
            <Group gap="xs">
              <Text size="sm" fw={600}>
                {preview.fileName}:
              </Text>
              {(Object.keys(ACTION) as WatchListRowAction[]).map((a) => (
                <Badge key={a} color={ACTION[a].color} variant="light">
                  {ACTION[a].label}: {preview.counts[a]}
                </Badge>
              ))}
            </Group>
            <ScrollArea.Autosize mah={420} type="auto">
              <Table striped="even" stickyHeader aria-label="Preview of the upload">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Row</Table.Th>
                    <Table.Th>Passenger</Table.Th>
                    <Table.Th>Reason</Table.Th>
                    <Table.Th>Dates</Table.Th>
                    <Table.Th>Result</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {preview.rows.map((r) => (
                    <Table.Tr key={r.line}>
                      <Table.Td>{r.line}</Table.Td>
                      <Table.Td>
                        <Text size="sm">{r.passengerName ?? r.name ?? '—'}</Text>
                        <Text size="xs" c="dimmed">
                          {[r.memberId && `Member ${r.memberId}`, r.contactNumber && `#${r.contactNumber}`].filter(Boolean).join(' · ')}
                        </Text>
                      </Table.Td>
                      <Table.Td>{r.reason}</Table.Td>
                      <Table.Td>
                        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                          {day(r.startDate)} – {r.endDate ? day(r.endDate) : 'no end'}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Badge color={ACTION[r.action].color} variant="light">
                          {ACTION[r.action].label}
                        </Badge>
                        {r.problems.map((p) => (
                          <Text key={p} size="xs" c="red.8">
                            {p}
                          </Text>
                        ))}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
          </>
        )}
        {error && (
          <Alert color="red" role="alert" title="The upload failed">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={reading || apply.isPending}>
            Cancel
          </Button>
          {!preview ? (
            <Button onClick={() => void read()} loading={reading} disabled={!file}>
              Preview
            </Button>
          ) : (
            <Button onClick={applyPreview} loading={apply.isPending} disabled={applicable === 0}>
              {applicable === 0 ? 'Nothing to apply' : `Apply ${applicable} ${applicable === 1 ? 'change' : 'changes'}`}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
