import { Group, Loader, Paper, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { DIVISION_MSG, ZIP_PATTERN } from '@tripline/core';
import { useZipCode } from './api.ts';

/** Which division a ZIP code falls in (GET zip-codes): city, county and division. */
export function ZipLookup() {
  const [zip, setZip] = useState('');
  const typed = zip.trim();
  const lookup = useZipCode(typed);
  const answer = lookup.data;
  let result: React.ReactNode = (
    <Text size="sm" c="dimmed">
      Type a five-digit ZIP code.
    </Text>
  );
  if (typed && !ZIP_PATTERN.test(typed)) result = <Text size="sm" c="dimmed">{DIVISION_MSG.ZIP_PATTERN}</Text>;
  else if (lookup.isFetching) result = <Loader size="xs" aria-label="Looking up the ZIP code" />;
  else if (lookup.isError) result = <Text size="sm" c="red">{lookup.error.message}</Text>;
  else if (answer)
    result = (
      <Text size="sm">
        {answer.city}, {answer.state} · {answer.county ? `${answer.county} County` : `County ${answer.countyFips}`} ·{' '}
        {answer.division ? (
          <strong>
            {answer.division.code} {answer.division.name}
          </strong>
        ) : (
          <Text span c="red" size="sm">
            {DIVISION_MSG.NO_DIVISION_FOR_ZIP}
          </Text>
        )}
      </Text>
    );
  return (
    <Paper withBorder p="sm" radius="md">
      <Group align="center" gap="md" wrap="wrap">
        <TextInput label="Division of a ZIP code" value={zip} onChange={(e) => setZip(e.currentTarget.value.replace(/\D/g, '').slice(0, 5))} inputMode="numeric" w={220} />
        <div aria-live="polite" style={{ paddingTop: 22 }}>
          {result}
        </div>
      </Group>
    </Paper>
  );
}
