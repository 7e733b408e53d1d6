import { Star } from 'lucide-react';
import { useState } from 'react';
import { LIMITS } from '@planejador/contracts';
import { cn } from '@/lib/utils';

interface StarRatingProps {
  value: number;
  onChange: (value: number) => void;
  /** Reports the star under the pointer (0 when none), for the rating word preview. */
  onPreview: (value: number) => void;
  disabled?: boolean;
}

const STARS = Array.from({ length: LIMITS.ratingMax }, (_, i) => i + 1);

/**
 * Five star buttons: pointer hover previews, click sets; each named '1 estrela' ... '5 estrelas'.
 * Focus does not preview: the dialog focuses the first star on open, which must not read as a rating.
 */
export function StarRating({ value, onChange, onPreview, disabled }: StarRatingProps) {
  const [hover, setHover] = useState(0);
  const shown = hover || value;
  const preview = (next: number) => {
    setHover(next);
    onPreview(next);
  };
  return (
    <div role="group" aria-label="Avaliação de 1 a 5 estrelas" className="flex gap-1" onMouseLeave={() => preview(0)}>
      {STARS.map((star) => (
        <button
          key={star}
          type="button"
          disabled={disabled}
          aria-label={star === 1 ? '1 estrela' : `${star} estrelas`}
          aria-pressed={value === star}
          onMouseEnter={() => preview(star)}
          onClick={() => onChange(star)}
          className="rounded-md p-1 transition-transform hover:scale-110 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <Star
            aria-hidden="true"
            className={cn(
              'size-9',
              star <= shown ? 'fill-amber-400 text-amber-500' : 'fill-transparent text-muted-foreground',
            )}
          />
        </button>
      ))}
    </div>
  );
}
