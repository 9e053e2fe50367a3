import { List, Stack, Text } from '@mantine/core';
import { MARKETPLACE_MSG, type MarketplaceAcceptResult, type MarketplaceTrip } from '@tripline/core';
import { ApiError } from '../../lib/api.ts';
import { confirm } from '../../lib/confirm.tsx';
import { toast } from '../../lib/toast.tsx';
import { claimTrips } from './api.ts';

/** spec 3 §5: the word the browser confirms with when a trip lies outside the company's ZIP coverage. */
export const OUT_OF_AREA = 'Out-Of-Area';

/** What the toast says after a claim: '{a} of {n} trips accepted', then each failure's and warning's text. */
export function claimSummary(result: MarketplaceAcceptResult, asked: number): { level: 'success' | 'warning' | 'error'; title: string; lines: string[] } {
  const a = result.accepted.length;
  return {
    level: a === asked ? 'success' : a === 0 ? 'error' : 'warning',
    title: MARKETPLACE_MSG.TOAST(a, asked),
    lines: [...result.failed.map((f) => f.message), ...result.warnings.map((w) => w.message)],
  };
}

/**
 * Claims the chosen trips (POST marketplace-accept): asks first when any lies outside the
 * company's coverage, then says how it went. Resolves with the ids now the company's.
 */
export async function claim(trips: readonly MarketplaceTrip[]): Promise<string[]> {
  if (trips.length === 0) return [];
  const outside = trips.filter((t) => t.outOfArea);
  if (outside.length > 0) {
    const yes = await confirm({
      title: OUT_OF_AREA,
      message: (
        <Stack gap="xs">
          <Text size="sm">
            {outside.length === 1 ? 'This trip picks up' : `${outside.length} of these trips pick up`} outside the ZIP codes your company serves:{' '}
            {outside.map((t) => t.referenceNumber).join(', ')}.
          </Text>
          <Text size="sm">Claim {trips.length === 1 ? 'it' : `all ${trips.length}`} anyway?</Text>
        </Stack>
      ),
      confirmLabel: trips.length === 1 ? 'Claim trip' : `Claim ${trips.length} trips`,
      focusConfirm: true,
    });
    if (!yes) return [];
  }
  try {
    const result = await claimTrips(trips.map((t) => t.id));
    const { level, title, lines } = claimSummary(result, trips.length);
    toast[level](
      lines.length === 0 ? (
        title
      ) : (
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            {title}
          </Text>
          <List size="sm" spacing={2}>
            {lines.map((line, i) => (
              <List.Item key={i}>{line}</List.Item>
            ))}
          </List>
        </Stack>
      ),
      { id: 'marketplace-claim' },
    );
    return result.accepted.map((a) => a.id);
  } catch (failure) {
    toast.error(failure instanceof ApiError ? failure.message : 'The trips could not be claimed. Try again.', { id: 'marketplace-claim' });
    return [];
  }
}
