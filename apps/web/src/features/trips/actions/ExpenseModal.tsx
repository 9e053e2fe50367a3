import { useState } from 'react';
import { Button, FileInput, Group, NumberInput, Select, Stack, Text, Textarea } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { EXPENSE_REASONS, TRIP_MSG, contract } from '@tripline/core';
import { ApiError, callApi } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.tsx';
import { ActionModal, type TripModalProps } from './ActionModal.tsx';
import { receiptProblem } from './partner-rules.ts';
import { TRIP_WRITE_QUIET, writeTrip } from './trip-write.tsx';
import { SubmitForm } from '../../../components/SubmitForm.tsx';

type Reason = (typeof EXPENSE_REASONS)[number];
type Errors = Partial<Record<'reason' | 'amount' | 'receipt', string>>;

/** spec 1 §5: a miscellaneous expense: reason, amount and a receipt, uploaded before the expense is added. */
export function ExpenseModal({ trip, rows, onClose }: TripModalProps) {
  const [reason, setReason] = useState<Reason | null>(null);
  const [amount, setAmount] = useState<number | string>('');
  const [notes, setNotes] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  // An uploaded receipt is kept, so trying again after a refused expense does not upload it twice.
  const [uploaded, setUploaded] = useState<{ file: File; receiptId: string } | null>(null);

  const validate = (): Errors => {
    const next: Errors = {};
    if (!reason) next.reason = 'Choose Tolls, Lodging, Parking Fees or Other';
    if (typeof amount !== 'number' || !(amount > 0)) next.amount = TRIP_MSG.AMOUNT_REQUIRED;
    if (!file) next.receipt = TRIP_MSG.RECEIPT_REQUIRED;
    else {
      const problem = receiptProblem(file);
      if (problem) next.receipt = problem;
    }
    return next;
  };

  const upload = async (receipt: File): Promise<string | null> => {
    if (uploaded?.file === receipt) return uploaded.receiptId;
    const form = new FormData();
    form.append('file', receipt, receipt.name);
    try {
      const answer = await callApi(contract.expenseReceiptUpload, { body: form, quiet: [400, 413, 415] });
      setUploaded({ file: receipt, receiptId: answer.receiptId });
      return answer.receiptId;
    } catch (error) {
      if (error instanceof ApiError && [400, 413, 415].includes(error.status)) setErrors({ receipt: error.message });
      return null;
    }
  };

  const submit = async () => {
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length || !file || !reason || typeof amount !== 'number') return;
    setBusy(true);
    try {
      const receiptId = await upload(file);
      if (!receiptId) return;
      const updated = await writeTrip(trip, rows, () =>
        callApi(contract.expenseAdd, {
          query: { driveAssignmentId: trip.id, modCount: trip.modCount, reason, amount, notes: notes.trim(), receipts: receiptId },
          quiet: TRIP_WRITE_QUIET,
        }),
      );
      if (!updated) return;
      rows.replace([updated]);
      toast.success(`Expense added to trip ${trip.referenceNumber}.`);
      onClose();
    } finally {
      setBusy(false);
    }
  };

  return (
    <ActionModal title="Add expense to trip" trip={trip} onClose={onClose}>
      <SubmitForm onSubmit={submit} noValidate>
        <Stack gap="md">
          <Select
            label="Reason"
            required
            data={[...EXPENSE_REASONS]}
            value={reason}
            onChange={(v) => {
              setReason(v as Reason | null);
              setErrors((e) => ({ ...e, reason: undefined }));
            }}
            error={errors.reason}
            data-autofocus
            comboboxProps={{ withinPortal: true }}
          />
          <NumberInput
            label="Amount"
            required
            prefix="$"
            decimalScale={2}
            fixedDecimalScale
            min={0}
            max={10_000}
            thousandSeparator=","
            hideControls
            value={amount}
            onChange={(v) => {
              setAmount(v);
              setErrors((e) => ({ ...e, amount: undefined }));
            }}
            error={errors.amount}
          />
          <FileInput
            label="Receipt"
            description="An image or PDF, at most 20 MB."
            required
            clearable
            accept="image/*,application/pdf"
            leftSection={<IconPaperclip size={16} aria-hidden />}
            placeholder="Choose a file"
            value={file}
            onChange={(f) => {
              setFile(f);
              setErrors((e) => ({ ...e, receipt: f ? (receiptProblem(f) ?? undefined) : undefined }));
            }}
            error={errors.receipt}
          />
          <Textarea label="Notes" autosize minRows={2} maxRows={6} maxLength={2000} value={notes} onChange={(e) => setNotes(e.currentTarget.value)} />
          <Text size="xs" c="dimmed">
            The operator reviews expenses before the trip can be finalized.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Add expense
            </Button>
          </Group>
        </Stack>
      </SubmitForm>
    </ActionModal>
  );
}
