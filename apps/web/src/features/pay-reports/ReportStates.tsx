import { Alert, Button, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconDownload } from '@tabler/icons-react';
import { ApiError } from '../../lib/api.ts';

/** What a report shows while it loads: its shape, greyed. */
export function ReportSkeleton({ label }: { label: string }) {
  return (
    <Stack gap="sm" aria-busy="true" aria-label={label}>
      <Skeleton height={72} />
      <Skeleton height={200} />
      <Skeleton height={32} />
      <Skeleton height={32} />
    </Stack>
  );
}

/** A report that could not be read: the server's words (a refused request says why), and Retry. */
export function ReportError({ what, error, onRetry }: { what: string; error: Error; onRetry: () => void }) {
  const refused = error instanceof ApiError && error.status === 400;
  return (
    <Alert color={refused ? 'yellow' : 'red'} icon={<IconAlertCircle size={18} />} title={refused ? `The ${what} was refused` : `The ${what} could not be loaded`}>
      <Text size="sm" mb="xs">
        {error.message}
      </Text>
      {!refused && (
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          Retry
        </Button>
      )}
    </Alert>
  );
}

/**
 * Download CSV: a link the browser follows with the session (the file streams); a disabled button
 * while the form cannot be asked for.
 */
export function DownloadCsvButton({ href }: { href: string | null }) {
  const icon = <IconDownload size={16} />;
  return href ? (
    <Button component="a" variant="default" leftSection={icon} href={href} download>
      Download CSV
    </Button>
  ) : (
    <Button variant="default" leftSection={icon} disabled>
      Download CSV
    </Button>
  );
}
