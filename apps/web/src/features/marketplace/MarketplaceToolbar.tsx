import { Box, Button, CloseButton, Group, Pill, RangeSlider, Switch, Text } from '@mantine/core';
import { DAY_MINUTES, SLIDER_STEP, sliderLabel, type ShownFilter } from './marketplace-filter.ts';

export interface MarketplaceToolbarProps {
  shown: ShownFilter;
  onShown(next: ShownFilter): void;
  /** The vehicle chosen on /marketplace/vehicles, by its number. */
  vehicleNumber: string | null;
  onClearVehicle(): void;
  counts: { shown: number; total: number } | null;
  /** Partners claim; staff see no Claim button. */
  claim: { selected: number; busy: boolean; onClaim(): void } | null;
}

/**
 * What the browser narrows the answer by (spec 2 §2 time-of-day slider, in quarter hours, arrow
 * keys move a thumb), the will-call toggle, 'Showing {n} of {total}' and Claim.
 */
export function MarketplaceToolbar({ shown, onShown, vehicleNumber, onClearVehicle, counts, claim }: MarketplaceToolbarProps) {
  return (
    <Group gap="md" align="center" wrap="wrap">
      <Box w={300} miw={220}>
        <Text size="sm" fw={500} id="marketplace-time-label">
          First pickup from {sliderLabel(shown.from)} to {sliderLabel(shown.to)}
        </Text>
        <RangeSlider
          min={0}
          max={DAY_MINUTES}
          step={SLIDER_STEP}
          minRange={SLIDER_STEP}
          value={[shown.from, shown.to]}
          onChange={([from, to]) => onShown({ ...shown, from, to })}
          label={sliderLabel}
          thumbFromLabel="Earliest first pickup"
          thumbToLabel="Latest first pickup"
          marks={[{ value: 360 }, { value: 720 }, { value: 1080 }]}
          mt={4}
          mb={4}
        />
      </Box>
      <Switch label="Will calls" checked={shown.willCalls} onChange={(e) => onShown({ ...shown, willCalls: e.currentTarget.checked })} />
      {vehicleNumber && (
        <Pill size="md" withRemoveButton={false}>
          <Group gap={4} wrap="nowrap">
            Trips vehicle {vehicleNumber} can carry
            <CloseButton size="xs" aria-label="Show trips for every vehicle" onClick={onClearVehicle} />
          </Group>
        </Pill>
      )}
      <Text size="sm" c="dimmed" role="status" ml="auto">
        {counts ? `Showing ${counts.shown} of ${counts.total}` : ''}
      </Text>
      {claim && (
        <Button onClick={claim.onClaim} disabled={claim.selected === 0} loading={claim.busy} title="Claim the selected trips (C)">
          {claim.selected === 0 ? 'Claim' : `Claim ${claim.selected} ${claim.selected === 1 ? 'trip' : 'trips'}`}
        </Button>
      )}
    </Group>
  );
}
