import { Text, ThemeIcon, Timeline, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { PortalTrip } from '@tripline/core';
import { stepItems, type StepItem } from './steps.ts';

const STATE_WORDS: Record<StepItem['state'], string> = { done: 'done', current: 'current step', next: 'not yet', canceled: 'trip canceled' };

/** The step bar of the trip page: a vertical timeline, so it fits a phone without scrolling sideways. */
export function TripSteps({ trip }: { trip: Pick<PortalTrip, 'step' | 'providerName' | 'tripLegs' | 'cancelledReason'> }) {
  const items = stepItems(trip);
  const reached = items.reduce((n, item, i) => (item.state === 'next' ? n : i), 0);
  return (
    <Timeline active={reached} bulletSize={26} lineWidth={2} aria-label="Where the trip stands" color={trip.step === 'Canceled' ? 'red' : 'blue'}>
      {items.map((item) => (
        <Timeline.Item
          key={item.title}
          aria-current={item.state === 'current' ? 'step' : undefined}
          bullet={
            item.state === 'done' ? (
              <IconCheck size={14} aria-hidden />
            ) : item.state === 'canceled' ? (
              <ThemeIcon color="red" radius="xl" size={26}>
                <IconX size={14} aria-hidden />
              </ThemeIcon>
            ) : null
          }
          title={
            <Text fw={item.state === 'current' ? 700 : 500} c={item.state === 'next' ? 'dimmed' : undefined}>
              {item.title}
              <VisuallyHidden>{`: ${STATE_WORDS[item.state]}`}</VisuallyHidden>
            </Text>
          }
        >
          {item.detail && (
            <Text size="sm" c="dimmed">
              {item.detail}
            </Text>
          )}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
