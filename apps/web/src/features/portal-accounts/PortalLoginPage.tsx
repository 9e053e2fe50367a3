import { Text } from '@mantine/core';
import type { ScreenProps } from '../../app/screens.tsx';
import { FullPageLoader } from '../../components/FullPageLoader.tsx';
import { CompleteStep } from './CompleteStep.tsx';
import { ContactInfoStep } from './ContactInfoStep.tsx';
import { NewAccountStep } from './NewAccountStep.tsx';
import { NewPasswordStep } from './NewPasswordStep.tsx';
import { PhoneStep } from './PhoneStep.tsx';
import { PortalRefusal } from './PortalRefusal.tsx';
import { ReminderStep } from './ReminderStep.tsx';
import { SignInStep } from './SignInStep.tsx';
import { STEP_TITLES, stepProgress } from './steps.ts';
import { useAccountWizard } from './use-account-wizard.ts';
import { VerificationStep } from './VerificationStep.tsx';
import { WizardFrame } from './WizardFrame.tsx';

const AUDIENCE: Record<string, string> = {
  '/passenger-portal/login': 'Passengers: sign in to book rides and see your trips.',
  '/case-manager/login': 'Case managers and passengers: sign in to book rides and see trips.',
};

/**
 * /passenger-portal/login and /case-manager/login (spec 2 §2): sign in, create an account, or
 * reset a forgotten password; links from emails (?token=, ?emailToActivate=&token=) land here too.
 */
export function PortalLoginPage({ route }: ScreenProps) {
  const wizard = useAccountWizard();
  const { state } = wizard;

  if (state.refused) return <PortalRefusal message={state.refused} />;
  if (state.checking) return <FullPageLoader label="Checking your link…" />;

  const { step, account } = state;
  const progress = stepProgress(step);
  const intro = step === 'existingAccount' ? AUDIENCE[route.path] : progress;

  return (
    <WizardFrame step={step} title={STEP_TITLES[step]} intro={intro && <Text span size="sm">{intro}</Text>}>
      {step === 'existingAccount' && (
        <SignInStep
          email={account.email}
          notice={state.notice}
          onSignedIn={(user) => void wizard.land(user)}
          onMfaNeeded={wizard.mfaNeeded}
          onCreateAccount={() => wizard.show('newAccount')}
          onForgotPassword={() => wizard.show('sendReminderEmail')}
        />
      )}
      {step === 'newAccount' && <NewAccountStep initial={account} onNext={wizard.findAccount} onBack={() => wizard.show('existingAccount')} />}
      {step === 'contactInfo' && <ContactInfoStep email={account.email} onNext={wizard.choosePassword} onBack={() => wizard.show('newAccount')} />}
      {step === 'enterVerification' && (
        <VerificationStep
          email={account.email}
          expiresAt={state.codeExpiresAt}
          resending={wizard.resending}
          onVerify={wizard.verifyCode}
          onResend={() => void wizard.resendCode()}
          onBack={() => wizard.show('newAccount')}
        />
      )}
      {step === 'enterPhone' && <PhoneStep initialPhone={account.tel} onNext={wizard.savePhone} />}
      {step === 'accountCreationComplete' && <CompleteStep name={state.welcomeName} onContinue={wizard.continueAfterCreation} />}
      {step === 'sendReminderEmail' && (
        <ReminderStep
          email={account.email}
          problem={state.reminderProblem}
          onSend={wizard.sendReminder}
          onBack={() => wizard.show('existingAccount')}
        />
      )}
      {step === 'enterNewPassword' && state.resetExpiresAt !== null && (
        <NewPasswordStep expiresAt={state.resetExpiresAt} onSave={wizard.saveNewPassword} onNewLink={() => wizard.show('sendReminderEmail')} />
      )}
    </WizardFrame>
  );
}
