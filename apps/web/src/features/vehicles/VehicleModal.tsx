import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconTrash } from '@tabler/icons-react';
import { VEHICLE_MSG, isStaff, mayEditVehicle, normalizeVin, vehicleYearOptions, type CurrentUser, type Vehicle } from '@tripline/core';
import { ApiError } from '../../lib/api.ts';
import { confirm } from '../../lib/confirm.tsx';
import { localToday } from '../../lib/date-input.ts';
import { toast } from '../../lib/toast.tsx';
import { lookUpCapabilities, lookUpVin, useColorOptions, useDeleteVehicle, useMakeModels, usePartnerDrivers, usePartners, useSaveVehicle } from './api.ts';
import { bodyOf, draftErrors, draftOf, newDraft, shouldLookUpCapabilities, shouldLookUpVin, vinHint, withCapabilities, withTermDate, withVinLookup, type DraftErrors, type VehicleDraft } from './form.ts';
import { VehicleFields } from './VehicleFields.tsx';

/** Which vehicle the editor holds: one from the list, or a new one. */
export type VehicleTarget = { vehicle: Vehicle } | { new: true };

interface Props {
  target: VehicleTarget | null;
  me: CurrentUser;
  /** The partner a new vehicle starts with (staff: the list's partner filter). */
  defaultPartnerId?: string;
  onClose(): void;
}

const capabilityKey = (d: VehicleDraft) => `${d.modelYear.trim()}|${d.manufacturer.trim().toLowerCase()}|${d.model.trim().toLowerCase()}`;

/** Adds or edits a vehicle (spec 2 §5): VIN lookup at 17 characters, seating once year, make and model are set. */
export function VehicleModal({ target, me, defaultPartnerId, onClose }: Props) {
  const staff = isStaff(me);
  const open = target !== null;
  const vehicle = target && 'vehicle' in target ? target.vehicle : null;
  const today = localToday();
  const [draft, setDraft] = useState<VehicleDraft>(() => newDraft(null));
  const [errors, setErrors] = useState<DraftErrors>({});
  const [failure, setFailure] = useState<{ message: string; reset?: boolean } | null>(null);
  const [vinLooking, setVinLooking] = useState(false);
  const [capabilityNote, setCapabilityNote] = useState<string | null>(null);
  const lastCapabilities = useRef('');
  const latestVin = useRef('');
  const alertRef = useRef<HTMLDivElement>(null);
  const save = useSaveVehicle();
  const remove = useDeleteVehicle();
  const partners = usePartners(open && staff);
  const colors = useColorOptions(open);
  const makes = useMakeModels(open);
  const drivers = usePartnerDrivers(open && draft.vehicleLocationType === 'TakeHomeEmployee' ? draft.partnerId : null, staff);
  const readOnly = vehicle !== null && !mayEditVehicle(me, vehicle.partnerId);

  useEffect(() => {
    if (!target) return;
    const next = 'vehicle' in target ? draftOf(target.vehicle) : newDraft(staff ? (defaultPartnerId ?? null) : me.partnerId);
    setDraft(next);
    setErrors({});
    setFailure(null);
    setCapabilityNote(null);
    lastCapabilities.current = capabilityKey(next);
    // a new target only: the filter changing behind an open editor leaves it alone
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [target, staff, me.partnerId]);

  // spec 2 §5: the capability lookup runs once year (4 digits), make and model are set and change
  useEffect(() => {
    const key = capabilityKey(draft);
    if (!open || readOnly || key === lastCapabilities.current || !shouldLookUpCapabilities(draft)) return;
    const timer = setTimeout(() => {
      lastCapabilities.current = key;
      lookUpCapabilities(draft.manufacturer.trim(), draft.model.trim(), draft.modelYear.trim()).then(
        (found) => {
          setCapabilityNote(null);
          setDraft((d) => (capabilityKey(d) === key ? withCapabilities(d, found) : d));
        },
        (e: unknown) => setCapabilityNote(e instanceof ApiError && e.status === 404 ? e.message : null),
      );
    }, 300);
    return () => clearTimeout(timer);
  }, [draft, open, readOnly]);

  // a refusal is brought into view, wherever the form was scrolled to
  useEffect(() => {
    if (failure) alertRef.current?.scrollIntoView({ block: 'nearest' });
  }, [failure]);

  const change = (patch: Partial<VehicleDraft>) => setDraft((d) => ({ ...d, ...patch }));

  const onVin = (typed: string) => {
    const vin = typed.toUpperCase();
    latestVin.current = vin;
    setDraft((d) => ({ ...d, vin }));
    setErrors((e) => ({ ...e, vin: vinHint(vin) ?? undefined }));
    if (!shouldLookUpVin(vin)) return;
    setVinLooking(true);
    lookUpVin(normalizeVin(vin))
      .then((found) => {
        if (latestVin.current === vin) setDraft((d) => withVinLookup(d, found));
      })
      .catch(() => {})
      .finally(() => setVinLooking(false));
  };

  const onSave = () => {
    const found = draftErrors(draft, today, staff && !vehicle);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setFailure({ message: VEHICLE_MSG.FIX_FIRST });
      return;
    }
    setFailure(null);
    save.mutate(bodyOf(draft, today), {
      onSuccess: (saved) => {
        toast.success(`Vehicle ${saved.vehicleNumber} saved`, { duration: 'quickSuccess' });
        onClose();
      },
      onError: (e) => {
        if (!(e instanceof ApiError)) return;
        const byField: DraftErrors = {};
        for (const d of e.details) byField[d.path.split('.')[0] as keyof VehicleDraft] ??= d.message;
        setErrors(byField);
        // spec 1 §8: on 409 the form is reset to the server's copy, and says so
        const current = e.status === 409 ? (e.body as { current?: Vehicle } | undefined)?.current : undefined;
        if (current) setDraft(draftOf(current));
        setFailure({ message: e.message, reset: Boolean(current) });
      },
    });
  };

  const onDelete = async () => {
    if (!vehicle) return;
    const yes = await confirm({
      title: `Delete vehicle ${vehicle.vehicleNumber}?`,
      message: 'The vehicle leaves the lists and pickers; past trips keep it. A vehicle on trips from today on cannot be deleted.',
      confirmLabel: 'Delete',
      danger: true,
    });
    if (!yes) return;
    remove.mutate(vehicle, {
      onSuccess: () => {
        toast.success(`Vehicle ${vehicle.vehicleNumber} deleted`, { duration: 'quickSuccess' });
        onClose();
      },
      onError: (e) => setFailure({ message: e.message }),
    });
  };

  const options = useMemo(
    () => ({
      partners: staff ? (partners.data ?? []) : null,
      years: vehicleYearOptions(today).map(String),
      colors: colors.data ?? [],
      makes: makes.data ?? [],
      employees: (drivers.data ?? []).filter((d) => d.employeeNumber).map((d) => ({ value: d.employeeNumber!, label: `${d.name} (${d.employeeNumber})` })),
    }),
    [staff, partners.data, today, colors.data, makes.data, drivers.data],
  );

  const title = vehicle ? `Vehicle ${vehicle.vehicleNumber}${vehicle.partnerName ? ` · ${vehicle.partnerName}` : ''}` : 'New vehicle';
  return (
    <Modal opened={open} onClose={onClose} title={title} size="xl" closeOnClickOutside={false}>
      <Stack gap="sm">
        {readOnly && <Text size="sm" c="dimmed">This vehicle belongs to another partner: it is shown read-only.</Text>}
        <VehicleFields
          draft={draft}
          errors={errors}
          options={options}
          readOnly={readOnly}
          vinLooking={vinLooking}
          capabilityNote={capabilityNote}
          today={today}
          onChange={change}
          onVin={onVin}
          onTermDate={(text) => setDraft((d) => withTermDate(d, text, today))}
        />
        {/* next to Save, where the eye is when saving */}
        {failure && (
          <Alert ref={alertRef} color="red" icon={<IconAlertCircle size={18} />} role="alert" title={failure.message === VEHICLE_MSG.FIX_FIRST ? undefined : 'Not saved'}>
            <Text size="sm">{failure.message}</Text>
            {failure.reset && (
              <Text size="sm" mt={4}>
                The form now shows the vehicle as it is saved: make your changes again.
              </Text>
            )}
          </Alert>
        )}
        <Group justify="space-between">
          <div>
            {vehicle && !readOnly && (
              <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={() => void onDelete()} loading={remove.isPending}>
                Delete
              </Button>
            )}
          </div>
          <Group gap="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            {!readOnly && (
              <Button onClick={onSave} loading={save.isPending}>
                Save
              </Button>
            )}
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
