import type { ScreenProps } from '../../app/screens.tsx';
import { NotBuiltPage } from '../../components/NotBuiltPage.tsx';

export function PartnerRatesPage({ route }: ScreenProps) {
  return <NotBuiltPage title={route.title ?? route.path} />;
}
