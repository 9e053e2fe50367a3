import { useState } from 'react';
import { Alert, Button, Group, Modal, NumberInput, SegmentedControl, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  RATE_FIELD_MAX,
  RATE_TYPES,
  rateAmountProblems,
  REQUIRED_RATE_FIELDS,
  SERVICE_TYPE_NAMES,
  type PartnerRate,
  type RateBreakdown,
  type RateField,
  type RateType,
} from '@tripline/core';
import { SubmitForm } from '../../components/SubmitForm.tsx';
import { ApiError } from '../../lib/api.ts';
import { formatUsDate, localToday } from '../../lib/date-input.ts';
import { toast } from '../../lib/toast.tsx';
import { addRate, correctRate, useAfterRateChange } from './api.ts';
import { fieldLabel, serviceTypeText } from './rate-text.ts';

type Option = { value: string; label: string };
type Amounts = Partial<Record<RateField, number | ''>>;

/** The extras every type may pay (empty = not paid); the mileage rate also pays deadhead miles. */
const EXTRAS: readonly RateField[] = ['timeCharge', 'addWaitTime', 'addsOffHours', 'addsPca', 'addsPharmacyStop'];
const SERVICE_OPTIONS: Option[] = Object.keys(SERVICE_TYPE_NAMES).map((code) => ({ value: code, label: serviceTypeText(code) }));
const MILES: readonly RateField[] = ['baseMileageCeilingRate'];

function fieldsOf(type: RateType): { required: readonly RateField[]; optional: readonly RateField[] } {
  const required = REQUIRED_RATE_FIELDS[type];
  // a flat or reimbursed rate may still name a mileage rate, for deadhead miles
  const optional = required.includes('baseMileageRate') ? EXTRAS : ['baseMileageRate' as const, ...EXTRAS];
  return { required, optional };
}

const amountsOf = (rate: PartnerRate | null): Amounts =>
  rate ? (Object.fromEntries(Object.entries(rate).filter(([, v]) => typeof v === 'number')) as Amounts) : { cancelRate: '' };

export interface RateDialogProps {
  /** The rate corrected in place (it begins today), or null for a new rate. */
  rate: PartnerRate | null;
  /** The group a new rate starts from (the filters, or a row's "New rate"). */
  group: { affiliateId: string | null; billToContactId: string | null; serviceId: string | null };
  /** A new rate starts from these amounts (the group's rate in force). */
  start?: PartnerRate | null;
  partners: Option[];
  billTos: Option[];
  onClose(): void;
  /** The group's rate already begins today (409): correct that one instead. */
  onCorrectInstead?(rate: PartnerRate): void;
}

/**
 * The rate edit dialog: a new rate for a partner, bill-to and service type begins
 * today and ends the group's rate in force yesterday; a rate that began today can be corrected.
 * The type's fields are required, the extras may stay empty.
 */
export function RateDialog({ rate, group, start = null, partners, billTos, onClose, onCorrectInstead }: RateDialogProps) {
  const afterChange = useAfterRateChange();
  const [affiliateId, setAffiliateId] = useState(rate?.affiliateId ?? group.affiliateId);
  const [billToId, setBillToId] = useState(rate?.billToContactId ?? group.billToContactId);
  const [serviceId, setServiceId] = useState(rate?.serviceId ?? group.serviceId ?? '01');
  const [rateType, setRateType] = useState<RateType>((rate ?? start)?.rateType ?? 'Pick Up Per Mile');
  const [amounts, setAmounts] = useState<Amounts>(amountsOf(rate ?? start));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [sameDay, setSameDay] = useState<PartnerRate | null>(null);
  const [busy, setBusy] = useState(false);
  const { required, optional } = fieldsOf(rateType);

  const values = () => {
    const out: Partial<RateBreakdown> = {};
    for (const f of [...required, ...optional]) out[f] = amounts[f] === '' || amounts[f] === undefined ? null : (amounts[f] as number);
    return out;
  };

  const submit = async () => {
    const problems: Record<string, string> = {};
    if (!affiliateId) problems.affiliateId = 'Choose a partner';
    if (!billToId) problems.billToContactId = 'Choose a bill-to';
    for (const p of rateAmountProblems(rateType, values())) problems[p.path] = p.message;
    setErrors(problems);
    setRefusal(null);
    if (Object.keys(problems).length > 0 || !affiliateId || !billToId) return;
    setBusy(true);
    try {
      if (rate) {
        await correctRate(rate.id, rate.modCount, { rateType, ...values() });
        toast.success('The rate was corrected', { duration: 'quickSuccess' });
      } else {
        const { ended, repricedTrips } = await addRate({ affiliateId, billToContactId: billToId, serviceId, rateType, ...values() });
        const endedText = ended ? ` The rate before it ends ${formatUsDate(ended.dateEnd ?? '')}.` : '';
        toast.success(`The new rate begins today.${endedText} ${repricedTrips} trips were priced again.`, { duration: 'quickSuccess' });
      }
      await afterChange();
      onClose();
    } catch (e) {
      if (e instanceof ApiError && e.details.length > 0) setErrors(Object.fromEntries(e.details.map((d) => [d.path, d.message])));
      setRefusal(e instanceof Error ? e.message : 'The rate could not be saved');
      // a new rate for a group whose rate begins today: that one can be corrected instead
      const current = e instanceof ApiError && e.status === 409 && !rate ? (e.body as { current?: PartnerRate } | undefined)?.current : undefined;
      setSameDay(current?.id ? current : null);
    } finally {
      setBusy(false);
    }
  };

  const amountInput = (field: RateField, isRequired: boolean) => (
    <NumberInput
      key={field}
      label={fieldLabel(field)}
      required={isRequired}
      prefix={MILES.includes(field) ? undefined : '$'}
      suffix={MILES.includes(field) ? ' miles' : undefined}
      min={0}
      max={RATE_FIELD_MAX}
      decimalScale={2}
      fixedDecimalScale={!MILES.includes(field)}
      allowNegative={false}
      thousandSeparator=","
      value={amounts[field] ?? ''}
      error={errors[field]}
      onChange={(v) => {
        // while typing '64.50' the field gives the text, not the number
        const n = typeof v === 'number' ? v : v.trim() === '' ? NaN : Number(v);
        setAmounts((a) => ({ ...a, [field]: Number.isFinite(n) ? n : '' }));
        setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => k !== field)));
      }}
    />
  );

  return (
    <Modal opened onClose={onClose} title={rate ? 'Correct the rate that begins today' : 'New partner rate'} size="lg" centered>
      <SubmitForm onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {rate
              ? "The group's trips from today that are not Final are priced again with the corrected amounts."
              : `The new rate begins today (${formatUsDate(localToday())}). The group's rate in force ends yesterday, and the group's trips from today that are not Final are priced again.`}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <Select label="Partner" required searchable data={partners} value={affiliateId} onChange={setAffiliateId} disabled={!!rate} error={errors.affiliateId} data-autofocus />
            <Select label="Bill-to" required searchable data={billTos} value={billToId} onChange={setBillToId} disabled={!!rate} error={errors.billToContactId} />
            <Select
              label="Service type"
              required
              searchable
              allowDeselect={false}
              data={SERVICE_OPTIONS}
              value={serviceId}
              onChange={(v) => v && setServiceId(v)}
              disabled={!!rate}
              error={errors.serviceId}
            />
          </SimpleGrid>
          <Stack gap={4}>
            <Text size="sm" fw={500} id="rate-type-label">
              Rate type
            </Text>
            <SegmentedControl aria-labelledby="rate-type-label" data={[...RATE_TYPES]} value={rateType} onChange={(v) => setRateType(v as RateType)} />
          </Stack>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            {required.map((f) => amountInput(f, true))}
          </SimpleGrid>
          <Text size="sm" fw={500}>
            Extras <Text span size="xs" c="dimmed">(leave empty when the rate does not pay them)</Text>
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            {optional.map((f) => amountInput(f, false))}
          </SimpleGrid>
          {refusal && (
            <Alert color="red" title="The rate was not saved">
              {refusal}
              {sameDay && onCorrectInstead && (
                <Button size="xs" variant="light" color="red" mt="xs" display="block" onClick={() => onCorrectInstead(sameDay)}>
                  Correct that rate instead
                </Button>
              )}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              {rate ? 'Save the correction' : 'Add the rate'}
            </Button>
          </Group>
        </Stack>
      </SubmitForm>
    </Modal>
  );
}
