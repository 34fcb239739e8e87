import type { ComingSoonFeature, ComingSoonFrame } from '../../shared/ui/coming-soon-page.tsx';
import { lazyPage } from './lazy-page.ts';

/** A route whose feature is not built yet: an honest page saying what it will do. */
export const comingSoonPage = (feature: ComingSoonFeature, frame: ComingSoonFrame = 'shell') =>
  lazyPage(
    () => import('../../shared/ui/coming-soon-page.tsx'),
    (module) => module.comingSoonPageFor(feature, frame),
  );
