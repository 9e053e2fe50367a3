import { useEffect, useState } from 'react';
import { Alert, Button, Checkbox, Group, Modal, Radio, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { useQuery } from '@tanstack/react-query';
import { contract, PHARMACY_MSG, type NearbyPlace } from '@tripline/core';
import { ApiError, callApi } from '../../lib/api.ts';
import { toast } from '../../lib/toast.tsx';
import { SubmitForm } from '../../components/SubmitForm.tsx';
import { fieldErrors, useTrip } from './api.ts';

const TYPED = 'typed';
const seconds = (t: string) => (t.length === 5 ? `${t}:00` : t);

/**
 * spec 2 §2 pharmacy stop add: a pharmacy near where the trip ends (POST places/nearby) or a typed
 * address, the arrival and leaving times, notes and whether the driver waits there. It is sent for
 * review: 'Pharmacy stop has been submitted for review.'
 */
export function PharmacyModal({ trip, opened, onClose }: { trip: { id: string; referenceNumber: string }; opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title={`Add a pharmacy stop to trip ${trip.referenceNumber}`} size="lg">
      {opened && <PharmacyForm tripId={trip.id} onClose={onClose} />}
    </Modal>
  );
}

function PharmacyForm({ tripId, onClose }: { tripId: string; onClose: () => void }) {
  const trip = useTrip(tripId);
  const last = trip.data?.tripLegs.at(-1)?.locationSecond;
  const near = last?.Lat != null && last?.Lng != null ? { lat: last.Lat, lng: last.Lng } : null;
  const places = useQuery({
    queryKey: ['pharmacies-near', near?.lat, near?.lng],
    queryFn: ({ signal }) => callApi(contract.placesNearby, { body: { type: 'pharmacy', location: near! }, signal }),
    enabled: !!near,
  });
  const [choice, setChoice] = useState<string>('');
  const [address, setAddress] = useState('');
  const [time1, setTime1] = useState('');
  const [time2, setTime2] = useState('');
  const [notes, setNotes] = useState('');
  const [createWait, setCreateWait] = useState(true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  // a refusal shown for the earlier entries goes once they change
  useEffect(() => setErrors({}), [choice, address, time1, time2]);

  const place: NearbyPlace | undefined = places.data?.find((p) => p.id === choice);
  const submit = async () => {
    const location = place
      ? { addressId: place.addressId, name: place.name, address: place.text, lat: place.lat, lng: place.lng }
      : choice === TYPED && address.trim()
        ? { address: address.trim() }
        : null;
    if (!location || !time1 || !time2) {
      setErrors({ form: PHARMACY_MSG.MISSING });
      return;
    }
    setBusy(true);
    try {
      const answer = await callApi(contract.pharmacyAdd, {
        body: { driveAssignmentId: tripId, location, time1: seconds(time1), time2: seconds(time2), notes, createWait },
        quiet: [400],
      });
      toast.success(answer.message);
      onClose();
    } catch (e) {
      if (e instanceof ApiError && e.status === 400) setErrors({ form: e.message, ...fieldErrors(e.details) });
      else throw e;
    } finally {
      setBusy(false);
    }
  };

  return (
    <SubmitForm onSubmit={submit} noValidate>
      <Stack gap="md">
        <Radio.Group label="Pharmacy" value={choice} onChange={setChoice} required>
          <Stack gap={6} mt={4}>
            {places.isPending && near && <Text size="sm" c="dimmed">Looking for pharmacies near the drop-off…</Text>}
            {places.error && <Text size="sm" c="red">Nearby pharmacies could not be loaded; type the address instead.</Text>}
            {places.data?.length === 0 && <Text size="sm" c="dimmed">No pharmacy is stored near the drop-off.</Text>}
            {places.data?.map((p) => (
              <Radio key={p.id} value={p.id} label={p.name} description={`${p.text} · ${(p.meters / 1609.344).toFixed(1)} mi`} />
            ))}
            <Radio value={TYPED} label="Another address" />
          </Stack>
        </Radio.Group>
        {choice === TYPED && <TextInput label="Pharmacy address" value={address} onChange={(e) => setAddress(e.currentTarget.value)} maxLength={300} error={errors.location} />}
        <Group grow>
          <TimeInput label="Arrive at the pharmacy" value={time1} onChange={(e) => setTime1(e.currentTarget.value)} required error={errors.time1} />
          <TimeInput label="Leave the pharmacy" value={time2} onChange={(e) => setTime2(e.currentTarget.value)} required error={errors.time2} />
        </Group>
        <Checkbox label="The driver waits at the pharmacy (adds a wait leg)" checked={createWait} onChange={(e) => setCreateWait(e.currentTarget.checked)} />
        <Textarea label="Notes" autosize minRows={2} maxLength={2000} value={notes} onChange={(e) => setNotes(e.currentTarget.value)} />
        {errors.form && (
          <Alert color="yellow" role="alert">
            {errors.form}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            Submit for review
          </Button>
        </Group>
      </Stack>
    </SubmitForm>
  );
}
