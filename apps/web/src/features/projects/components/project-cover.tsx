import { useState } from 'react';
import { coverImageUrl } from '../covers/cover-art.ts';

/** A picture in place of an uploaded cover that no longer loads. */
const FALLBACK_COVER = 'gallery:colour/1';

/**
 * Any cover value (`gallery:…`, `random:…` or an uploaded picture's URL) as a picture that fills its box,
 * 16:9 unless the box says otherwise: the same component on cards, in the space's header and in pickers.
 */
export function ProjectCover({
  cover,
  className,
  alt = '',
}: {
  cover: string;
  className?: string;
  /** Empty when a name beside it already says what it is. */
  alt?: string;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const shown = failed === cover ? FALLBACK_COVER : cover;
  return (
    <img
      className={['project-cover', className].filter(Boolean).join(' ')}
      src={coverImageUrl(shown || FALLBACK_COVER)}
      alt={alt}
      draggable={false}
      onError={() => setFailed(cover)}
    />
  );
}
