import { Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { VogDelivery } from '@tripline/core';
import { toast } from '../../lib/toast.tsx';

export const deliveryUiId = (id: string) => `vog-${id}`;

export function MessageBody({ body }: { body: string }) {
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {body}
    </Text>
  );
}

function pushAllowed(): boolean {
  return typeof Notification !== 'undefined' && Notification.permission === 'granted';
}

/**
 * Shows one delivery the way its message asks (spec 1 §3): a dialog, a toast, or a browser push
 * notification when the user allowed them (a toast otherwise). `dismiss` runs once when it goes.
 */
export function presentDelivery(delivery: VogDelivery, dismiss: () => void, open: () => void): void {
  const { type, title, body } = delivery.message;
  const uiId = deliveryUiId(delivery.id);
  if (type === 'dialog') {
    modals.open({
      modalId: uiId,
      title,
      centered: true,
      onClose: dismiss,
      children: (
        <Stack gap="md">
          <MessageBody body={body} />
          <Group justify="flex-end">
            <Button onClick={() => modals.close(uiId)} data-autofocus>
              Dismiss
            </Button>
          </Group>
        </Stack>
      ),
    });
    return;
  }
  if (type === 'iqPush' && pushAllowed()) {
    const push = new Notification(title, { body, tag: uiId });
    push.onclick = () => {
      window.focus();
      open();
      push.close();
    };
    push.onclose = dismiss;
    return;
  }
  toast.info(<MessageBody body={body} />, { id: uiId, title, onClose: dismiss });
}

/** Takes away a delivery shown in this tab, when it was dismissed elsewhere. */
export function withdrawDelivery(id: string): void {
  const uiId = deliveryUiId(id);
  modals.close(uiId);
  toast.hide(uiId);
}
