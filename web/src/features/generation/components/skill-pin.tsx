import { LIMITS } from '@planejador/contracts';
import { Pin, PinOff } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** Picking skills for one lesson of the form (the matrix dialog opened from that lesson's "Ver todas"). */
export interface SkillPick {
  /** The lesson's number (1-based), as the teacher sees it. */
  numero: number;
  pinned: string[];
  onToggle: (code: string) => void;
}

/**
 * Pins or unpins one skill for a lesson: a toggle button (aria-pressed), disabled once the lesson has its maximum.
 * `stale`: the skill was found for an older text; the button keeps its focus but is said unavailable and does nothing.
 */
export function SkillPinToggle({ code, pick, stale = false }: { code: string; pick: SkillPick; stale?: boolean }) {
  const pinned = pick.pinned.includes(code);
  const full = pick.pinned.length >= LIMITS.habilidadesFixadasMax;
  return (
    <Button
      type="button"
      size="sm"
      variant={pinned ? 'secondary' : 'outline'}
      className="h-7 shrink-0 px-2 text-xs aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
      aria-pressed={pinned}
      aria-label={`Fixar ${code} na aula ${pick.numero}`}
      disabled={!pinned && full}
      aria-disabled={stale || undefined}
      title={!pinned && full ? `Máximo de ${LIMITS.habilidadesFixadasMax} habilidades fixadas` : undefined}
      onClick={() => {
        if (!stale) pick.onToggle(code);
      }}
    >
      {pinned ? <PinOff className="size-3.5" aria-hidden="true" /> : <Pin className="size-3.5" aria-hidden="true" />}
      {pinned ? 'Fixada' : 'Fixar'}
    </Button>
  );
}

/** What the live region says after a pin changes. */
export function pinAnnouncement(code: string, pinnedNow: boolean, numero: number, count: number): string {
  const left = LIMITS.habilidadesFixadasMax - count;
  return pinnedNow
    ? `${code} fixada na aula ${numero}. ${left > 0 ? `Pode fixar mais ${left}.` : 'Máximo de habilidades fixadas.'}`
    : `${code} desafixada da aula ${numero}.`;
}
