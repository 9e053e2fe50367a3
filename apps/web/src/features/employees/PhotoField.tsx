import { useEffect, useState } from 'react';
import { Avatar, FileInput, Group, Stack, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { EMPLOYEE_MSG, PHOTO_MAX_BYTES, PHOTO_TYPES, photoTypeOf, type Employee } from '@tripline/core';
import { employeePhotoUrl } from './api.ts';

/** Why a chosen file cannot be the photo, or null (the server checks again, on the bytes). */
export function photoFileProblem(file: File): string | null {
  if (!photoTypeOf(file.type)) return EMPLOYEE_MSG.PHOTO_NOT_IMAGE;
  if (file.size > PHOTO_MAX_BYTES) return EMPLOYEE_MSG.PHOTO_TOO_LARGE;
  return null;
}

interface Props {
  employee: Employee | null;
  file: File | null;
  onFile(file: File | null): void;
  readOnly: boolean;
}

/** The employee's photo: the stored one, or the file chosen to replace it when the employee is saved. */
export function PhotoField({ employee, file, onFile, readOnly }: Props) {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  const stored = employee?.hasPhoto ? employeePhotoUrl(employee.id, employee.modified) : null;
  const problem = file ? photoFileProblem(file) : null;
  return (
    <Group align="flex-start" gap="md">
      <Avatar src={preview ?? stored} size={72} radius="md" alt={employee ? `Photo of ${employee.name}` : 'Photo'}>
        <IconPhoto size={28} aria-hidden />
      </Avatar>
      {!readOnly && (
        <Stack gap={2} style={{ flex: 1 }}>
          <FileInput
            label="Photo"
            accept={PHOTO_TYPES.join(',')}
            value={file}
            onChange={onFile}
            clearable
            error={problem}
          />
          <Text size="xs" c="dimmed">
            JPEG, PNG, GIF or WebP, at most 5 MB; uploaded when the employee is saved.
          </Text>
        </Stack>
      )}
    </Group>
  );
}
