import type { TaskDocument } from '../types';
import '../photos.css';

/** Documents that are photos: shown as thumbnails rather than rows. */
export const isPhoto = (d: TaskDocument) => d.content_type.startsWith('image/');

interface Props {
  photos: TaskDocument[];
  /** A thumbnail was chosen: open the viewer at this index. */
  onOpen: (index: number) => void;
}

/** The task's photos as a row of thumbnails (their signed links), each opening the viewer. */
export function PhotoStrip({ photos, onOpen }: Props) {
  if (photos.length === 0) return null;
  return (
    <ul className="photo-strip" aria-label="Photos">
      {photos.map((p, i) => (
        <li key={p.id}>
          <button
            type="button"
            className="photo-thumb"
            aria-label={`View photo ${p.name} (${i + 1} of ${photos.length})`}
            onClick={() => onOpen(i)}
          >
            <img src={p.file} alt="" loading="lazy" decoding="async" width={88} height={88} />
          </button>
        </li>
      ))}
    </ul>
  );
}
