import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { PORTAL_REQUEST_MSG, choosesPassenger, hasRole, requestsAsStaff, type PortalPassengerOption, type ScheduledTripRequest, type TripRequestPreview } from '@tripline/core';
import { ApiError } from '../../lib/api.ts';
import { useCurrentUser } from '../../lib/current-user.ts';
import { localToday } from '../../lib/date-input.ts';
import { previewTripRequest, scheduleTripRequest, useCreateOptions } from './api.ts';
import { DoneStep } from './DoneStep.tsx';
import { PreviewStep } from './PreviewStep.tsx';
import { SelectPassengerStep } from './SelectPassengerStep.tsx';
import { TripDetailsStep } from './TripDetailsStep.tsx';
import { fieldErrors, formErrors, initialForm, requestOf, tripPageLink, type FieldErrors, type RequestForm, type Requester, type WizardStep } from './wizard.ts';

export interface TripRequestWizardProps {
  duplicateFrom?: string;
  returnTripFrom?: string;
  onScheduled?: (daId: string) => void;
}

/** The trip a request starts from, if any. */
type TripSource = { duplicateFrom?: string; returnTripFrom?: string };

const TITLES: Record<WizardStep, string> = {
  initializing: 'Getting ready',
  selectPassenger: 'Who is the trip for?',
  enterTripDetails: 'Trip details',
  preview: 'Check the trip',
  done: 'Trip requested',
};

const nowTime = () => new Date().toTimeString().slice(0, 8);

/**
 * The trip request wizard of the portal (spec 2 §2), shared by the page and the
 * modal: initializing → selectPassenger (case managers and staff, rule 69) → enterTripDetails →
 * preview → done. duplicateFrom and returnTripFrom start from an earlier trip.
 */
export function TripRequestWizard({ duplicateFrom, returnTripFrom, onScheduled }: TripRequestWizardProps) {
  const { data: user } = useCurrentUser();
  const [source, setSource] = useState<TripSource>({ duplicateFrom, returnTripFrom });
  const [passenger, setPassenger] = useState<PortalPassengerOption | null>(null);
  const [step, setStep] = useState<WizardStep>('initializing');
  const [form, setForm] = useState<RequestForm | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [preview, setPreview] = useState<TripRequestPreview | null>(null);
  const [done, setDone] = useState<ScheduledTripRequest | null>(null);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  const choosing = !!user && choosesPassenger(user);
  const fromTrip = !!(source.duplicateFrom || source.returnTripFrom);
  const passengerId = passenger?.id ?? (user && !choosing ? user.id : undefined);
  const options = useCreateOptions(step === 'initializing' && !fromTrip ? null : fromTrip ? { ...source, passengerId } : passengerId ? { passengerId } : null);
  const who: Requester = !user ? 'passenger' : requestsAsStaff(user) ? 'staff' : hasRole(user, 'Case Manager') ? 'caseManager' : 'passenger';

  useEffect(() => {
    if (step === 'initializing' && user) setStep(fromTrip || !choosing ? 'enterTripDetails' : 'selectPassenger');
  }, [step, user, fromTrip, choosing]);
  // each step is announced and takes the focus to its heading
  useEffect(() => {
    if (step !== 'initializing') heading.current?.focus();
  }, [step]);

  const current = form ?? (options.data ? initialForm(options.data) : null);
  const restart = (next: TripSource, keepPassenger: boolean) => {
    setSource(next);
    if (!keepPassenger) setPassenger(null);
    setForm(null);
    setErrors({});
    setRefusal(null);
    setPreview(null);
    setDone(null);
    setStep(fromTripOf(next) || keepPassenger || !choosing ? 'enterTripDetails' : 'selectPassenger');
  };

  const askPreview = async () => {
    if (!current || !options.data) return;
    const id = options.data.passenger.id;
    const found = formErrors(current, id, options.data, localToday(), nowTime());
    if (Object.keys(found).length) {
      setErrors(found);
      setRefusal(PORTAL_REQUEST_MSG.FIX_ERRORS);
      return;
    }
    setBusy(true);
    try {
      setPreview(await previewTripRequest(requestOf(current, id)));
      setErrors({});
      setRefusal(null);
      setStep('preview');
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      const byField = fieldErrors(e.details);
      setErrors(byField);
      setRefusal(byField.farConfirmed ? null : e.message);
    } finally {
      setBusy(false);
    }
  };

  const schedule = async () => {
    if (!preview) return;
    setBusy(true);
    try {
      const booked = await scheduleTripRequest(preview.requestId);
      setDone(booked);
      setStep('done');
      onScheduled?.(booked.daId);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      setRefusal(e.message);
      if (e.status === 409 || e.status === 400) setStep('enterTripDetails');
    } finally {
      setBusy(false);
    }
  };

  // the passenger is chosen only when the trip does not start from an earlier one
  const picks = choosing && !fromTrip;
  const stepNumber = (['selectPassenger', 'enterTripDetails', 'preview', 'done'] as const).indexOf(step as never) + (picks ? 1 : 0);
  const stepCount = picks ? 4 : 3;

  return (
    <Stack gap="md">
      <div>
        {stepNumber > 0 && (
          <Text size="sm" c="dimmed">
            Step {stepNumber} of {stepCount}
          </Text>
        )}
        <Title order={2} size="h3" ref={heading} tabIndex={-1}>
          {TITLES[step]}
        </Title>
        {passenger && step !== 'selectPassenger' && <Text c="dimmed">For {passenger.name}</Text>}
      </div>
      {step === 'initializing' && <Waiting what="Getting ready" />}
      {step === 'selectPassenger' && (
        <SelectPassengerStep
          onPick={(p) => {
            setPassenger(p);
            setForm(null);
            setStep('enterTripDetails');
          }}
        />
      )}
      {step === 'enterTripDetails' &&
        (options.isError ? (
          <Alert color="red" role="alert" title="This trip cannot be requested">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{options.error instanceof ApiError ? options.error.message : 'The trip details could not be loaded.'}</Text>
              <Group>
                <Button size="xs" variant="light" onClick={() => void options.refetch()}>
                  Try again
                </Button>
                <Button size="xs" variant="default" onClick={() => restart({}, false)}>
                  Start a new trip
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : !current || !options.data ? (
          <Waiting what="Loading the trip details" />
        ) : (
          <TripDetailsStep
            options={options.data}
            form={current}
            errors={errors}
            refusal={refusal}
            busy={busy}
            onChange={setForm}
            onPreview={() => void askPreview()}
            onBack={choosing && !fromTrip ? () => restart({}, false) : null}
          />
        ))}
      {step === 'preview' && preview && options.data && (
        <PreviewStep
          preview={preview}
          passengerName={options.data.passenger.name}
          apptDisplay={options.data.apptTypes.find((t) => t.code === preview.apptType)?.display ?? preview.apptType}
          error={refusal}
          busy={busy}
          onSchedule={() => void schedule()}
          onBack={() => setStep('enterTripDetails')}
        />
      )}
      {step === 'done' && done && (
        <DoneStep
          done={done}
          tripLink={tripPageLink(done, who)}
          onBookReturn={done.status === 'WillCall' ? null : () => restart({ returnTripFrom: done.daId }, true)}
          onBookAnother={() => restart({}, false)}
        />
      )}
    </Stack>
  );
}

const fromTripOf = (s: TripSource) => !!(s.duplicateFrom || s.returnTripFrom);

function Waiting({ what }: { what: string }) {
  return (
    <Center py="xl">
      <Loader size="sm" aria-label={what} />
    </Center>
  );
}
