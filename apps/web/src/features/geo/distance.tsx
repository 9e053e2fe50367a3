import { Badge, Tooltip } from '@mantine/core';
import { distanceLevel, metersToMiles, type DistanceLevel } from '@tripline/core';

export { distanceLevel, needsFarConfirm, farConfirmText, DISTANCE_WARNING_KM, DISTANCE_DANGER_KM, FAR_CONFIRM_KM } from '@tripline/core';

/** Mantine colours of the distance levels (spec 2 §9: over 70 km warning, over 150 km danger). */
export const DISTANCE_COLORS: Record<DistanceLevel, string> = { ok: 'gray', warning: 'yellow', danger: 'red' };

const LEVEL_WORDS: Record<DistanceLevel, string> = { ok: '', warning: ' (over 70 km)', danger: ' (over 150 km)' };

/** A leg's distance in miles (DECISIONS 12), coloured by how far it is; a dash while unknown. */
export function DistanceBadge({ meters, loading }: { meters: number | null | undefined; loading?: boolean }) {
  if (meters == null) {
    return (
      <Badge variant="light" color="gray" tt="none" aria-busy={loading || undefined}>
        {loading ? 'Measuring…' : '– mi'}
      </Badge>
    );
  }
  const level = distanceLevel(meters);
  const label = `${metersToMiles(meters)} mi`;
  return (
    <Tooltip label={`${(meters / 1000).toFixed(1)} km${LEVEL_WORDS[level]}`}>
      <Badge tt="none" variant={level === 'ok' ? 'light' : 'filled'} color={DISTANCE_COLORS[level]} data-level={level} aria-label={`Distance ${label}${LEVEL_WORDS[level]}`}>
        {label}
      </Badge>
    </Tooltip>
  );
}
