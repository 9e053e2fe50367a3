import type { ScreenProps } from '../../app/screens.tsx';
import { NotBuiltPage } from '../../components/NotBuiltPage.tsx';

export function WatchListPage({ route }: ScreenProps) {
  return <NotBuiltPage title={route.title ?? 'Watch list'} />;
}
