import { NotBuiltPage } from '../../components/NotBuiltPage.tsx';
import type { ScreenProps } from '../../app/screens.tsx';

/** /dup-da/{id}: duplicate a trip (also a modal of the editor). */
export function DuplicatePage({ route }: ScreenProps) {
  return <NotBuiltPage title={route.title ?? route.path} />;
}
