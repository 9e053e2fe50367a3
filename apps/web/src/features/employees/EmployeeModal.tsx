import { useEffect, useState } from 'react';
import { Alert, Button, Group, Loader, Modal, Stack, Tabs, Text } from '@mantine/core';
import { classificationsAllowed, EMPLOYEE_CLASSIFICATIONS, EMPLOYEE_MSG, isStaff, mayEditEmployee, TRIP_MSG, type CurrentUser, type Employee } from '@tripline/core';
import { ApiError } from '../../lib/api.ts';
import { toast } from '../../lib/toast.tsx';
import { uploadEmployeePhoto, useEmployee, usePartnerOptions, useSaveEmployee } from './api.ts';
import { AvailabilityEditor } from './AvailabilityEditor.tsx';
import { EmployeeDetailsFields } from './EmployeeDetailsFields.tsx';
import { bodyOf, draftErrors, draftOf, newDraft, type EmployeeDraft } from './form.ts';
import { PayHistoryPanel } from './PayHistoryPanel.tsx';
import { PhotoField, photoFileProblem } from './PhotoField.tsx';
import { ShiftOverridesPanel } from './ShiftOverridesPanel.tsx';

/** Which employee the modal holds: one by id (with its name for messages), or a new one. */
export type EmployeeTarget = { id: string; name: string } | { new: true };

interface Props {
  target: EmployeeTarget | null;
  me: CurrentUser;
  onClose(): void;
}

/** Create or edit an employee (spec 3 §2): details, availability, and for a saved one shift overrides and pay history. */
export function EmployeeModal({ target, me, onClose }: Props) {
  // a new employee, once saved, stays open as itself so its shifts can be set at once
  const [savedId, setSavedId] = useState<string | null>(null);
  const id = savedId ?? (target && 'id' in target ? target.id : null);
  const loaded = useEmployee(target ? id : null);
  const employee = loaded.data ?? null;
  const staff = isStaff(me);
  const partners = usePartnerOptions(staff && target !== null);
  const save = useSaveEmployee();
  const [draft, setDraft] = useState<EmployeeDraft | null>(null);
  const [photo, setPhoto] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<{ message: string } | null>(null);
  const [tab, setTab] = useState<string | null>('details');

  useEffect(() => {
    if (!target) {
      setSavedId(null);
      setDraft(null);
      setPhoto(null);
      setErrors({});
      setFailure(null);
      setTab('details');
    } else if ('new' in target && savedId === null) setDraft(newDraft(staff ? null : me.partnerId));
  }, [target, savedId, staff, me.partnerId]);
  useEffect(() => {
    if (employee && (draft === null || savedId === employee.id)) setDraft(draftOf(employee));
    // only when a record arrives: later edits stay the user's
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [employee]);

  const readOnly = employee !== null && (employee.deleted || !mayEditEmployee(me, employee));
  // shift overrides and pay history save on their own; Save belongs to the record's own tabs
  const editsRecord = !readOnly && (tab === 'details' || tab === 'availability');
  const loadFailed = id !== null && (loaded.isError || (loaded.isSuccess && loaded.data === null));
  const title = employee ? employee.name : 'New employee';
  const allowed = classificationsAllowed(me);
  const classifications = allowed === 'all' ? EMPLOYEE_CLASSIFICATIONS : allowed;

  const onSave = async () => {
    if (!draft) return;
    const found = draftErrors(draft, me, employee);
    const photoProblem = photo ? photoFileProblem(photo) : null;
    if (photoProblem) found.photo = photoProblem;
    setErrors(found);
    const first = Object.values(found)[0];
    if (first) {
      setFailure({ message: first });
      if (!('photo' in found) || Object.keys(found).length > 1) setTab('details');
      return;
    }
    setFailure(null);
    try {
      const saved = await save.mutateAsync(bodyOf(draft, employee));
      if (photo) {
        try {
          await uploadEmployeePhoto(saved.id, photo);
          setPhoto(null);
        } catch (e) {
          toast.warning(EMPLOYEE_MSG.PHOTO_SAVE_FAILED(e instanceof Error ? e.message : String(e)), { duration: 'medium' });
        }
      }
      toast.success(EMPLOYEE_MSG.SAVED, { duration: 'quickSuccess' });
      if (employee) onClose();
      else {
        setSavedId(saved.id);
        setDraft(draftOf(saved));
        setTab('shifts');
      }
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) {
        // spec 1 §8: the changes are rolled back and the form shows the server's copy
        const current = (e.body as { current?: Employee } | undefined)?.current;
        if (current) setDraft(draftOf(current));
        void loaded.refetch();
        setFailure({ message: `${TRIP_MSG.CONFLICT(employee?.name ?? draft.firstName)}. ${e.message}` });
      } else if (e instanceof ApiError) {
        setFailure({ message: e.message });
        setErrors(Object.fromEntries(e.details.map((d) => [d.path.replace(/^address\./, ''), d.message])));
      } else setFailure({ message: String(e) });
    }
  };

  return (
    <Modal opened={target !== null} onClose={onClose} title={title} size="xl" closeOnClickOutside={false}>
      {loadFailed && <Alert color="red">{EMPLOYEE_MSG.UNABLE_TO_SHOW(target && 'name' in target ? target.name : 'this employee')}</Alert>}
      {!loadFailed && !draft && <Loader aria-label="Loading the employee" />}
      {!loadFailed && draft && (
        <Stack gap="md">
          {readOnly && (
            <Alert color="gray">{employee?.deleted ? 'This employee is deleted.' : EMPLOYEE_MSG.IN_HOUSE_READ_ONLY}</Alert>
          )}
          <PhotoField employee={employee} file={photo} onFile={setPhoto} readOnly={readOnly} />
          <Tabs value={tab} onChange={setTab} keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="details">Details</Tabs.Tab>
              <Tabs.Tab value="availability">Availability</Tabs.Tab>
              <Tabs.Tab value="shifts" disabled={!employee}>
                Shift overrides
              </Tabs.Tab>
              <Tabs.Tab value="pay" disabled={!employee}>
                Pay history
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="details" pt="sm">
              <EmployeeDetailsFields
                draft={draft}
                onChange={(patch) => setDraft({ ...draft, ...patch })}
                errors={errors}
                readOnly={readOnly}
                partners={staff ? (partners.data ?? []).map((p) => ({ value: p.id, label: p.name })) : null}
                classifications={classifications}
              />
            </Tabs.Panel>
            <Tabs.Panel value="availability" pt="sm">
              <AvailabilityEditor value={draft.availability} onChange={(availability) => setDraft({ ...draft, availability })} readOnly={readOnly} />
            </Tabs.Panel>
            {employee && (
              <>
                <Tabs.Panel value="shifts" pt="sm">
                  <ShiftOverridesPanel employeeId={employee.id} readOnly={readOnly} />
                </Tabs.Panel>
                <Tabs.Panel value="pay" pt="sm">
                  <PayHistoryPanel employeeId={employee.id} readOnly={readOnly} />
                </Tabs.Panel>
              </>
            )}
          </Tabs>
          {failure && (
            <Alert color="red" role="alert">
              <Stack gap={6}>
                <Text size="sm">{failure.message}</Text>
              </Stack>
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {editsRecord ? 'Cancel' : 'Close'}
            </Button>
            {editsRecord && (
              <Button onClick={onSave} loading={save.isPending}>
                Save
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
