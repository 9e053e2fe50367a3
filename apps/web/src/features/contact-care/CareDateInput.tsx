import { DayInput } from '../../components/DayInput.tsx';

interface Props {
  label: string;
  value: string | null;
  onChange(v: string | null): void;
  placeholder?: string;
  error?: string | null;
  clearable?: boolean;
  required?: boolean;
}

/** A day field of contact care. */
export function CareDateInput({ onChange, ...rest }: Props) {
  return <DayInput {...rest} onChange={(v) => onChange(v || null)} />;
}

/** The message of a refused write: the server's words when it said any. */
export function refusalText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
