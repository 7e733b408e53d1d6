import { CheckCircle2, Circle } from 'lucide-react';
import { useId, useState } from 'react';

interface SkillCodeProps {
  code: string;
  /** The skill's official text. */
  description: string;
  covered: boolean;
}

/**
 * A skill's code that shows its official text in a tooltip on hover and on keyboard focus (and on a tap, where a
 * touch screen has no hover); Escape hides it. The text is also the button's accessible description.
 */
export function SkillCode({ code, description, covered }: SkillCodeProps) {
  const tipId = useId();
  const [pinned, setPinned] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const visibility = dismissed ? 'hidden' : pinned ? 'block' : 'hidden group-hover/skill:block group-focus-within/skill:block';
  return (
    <span
      className="group/skill relative inline-flex"
      onMouseLeave={() => setDismissed(false)}
      onBlur={() => {
        setDismissed(false);
        setPinned(false);
      }}
    >
      <button
        type="button"
        aria-describedby={tipId}
        className="flex items-center gap-1.5 rounded-sm font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        onClick={() => {
          setDismissed(false);
          setPinned((value) => !value);
        }}
        onKeyDown={(event) => {
          if (event.key !== 'Escape' || dismissed) return;
          event.stopPropagation();
          setDismissed(true);
          setPinned(false);
        }}
      >
        {covered ? (
          <CheckCircle2 className="size-4 text-success" aria-hidden="true" />
        ) : (
          <Circle className="size-4 text-muted-foreground" aria-hidden="true" />
        )}
        {code}
      </button>
      <span
        role="tooltip"
        id={tipId}
        className={`${visibility} absolute left-0 top-full z-20 w-64 max-w-[calc(100vw-4rem)] pt-1 text-xs font-normal`}
      >
        <span className="block rounded-md border bg-popover p-2 text-popover-foreground shadow-md">{description}</span>
      </span>
    </span>
  );
}
