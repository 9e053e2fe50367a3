import { NotBuiltPage } from '../../components/NotBuiltPage.tsx';
import type { ScreenProps } from '../../app/screens.tsx';

/** /drive-assv-edit/{id}: the reservation editor. */
export function ReservationEditorPage({ route }: ScreenProps) {
  return <NotBuiltPage title={route.title ?? route.path} />;
}
