import { feedbackSchema, LIMITS, MSG, RATING_WORDS } from '@planejador/contracts';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { errorText, isUnauthorized } from '@/lib/http';
import { toast } from '@/lib/toast';
import { useCreateFeedback } from '../api/create-feedback';
import { StarRating } from './star-rating';

const FAILURE_TITLE = 'Erro ao enviar feedback';

interface FeedbackDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function FeedbackDialog({ open, onOpenChange }: FeedbackDialogProps) {
  const [rating, setRating] = useState(0);
  const [hover, setHover] = useState(0);
  const [comment, setComment] = useState('');
  const send = useCreateFeedback();

  // Closing (Cancelar, dismiss or success) resets the rating, the hover value and the comment.
  const changeOpen = (next: boolean) => {
    if (!next) {
      setRating(0);
      setHover(0);
      setComment('');
    }
    onOpenChange(next);
  };

  const submit = () => {
    if (rating === 0) {
      toast({ title: MSG.ratingTitle, description: MSG.ratingRequired, variant: 'destructive' });
      return;
    }
    const parsed = feedbackSchema.safeParse({ rating, comment });
    if (!parsed.success) {
      toast({ title: FAILURE_TITLE, description: parsed.error.issues[0]?.message, variant: 'destructive' });
      return;
    }
    send.mutate(parsed.data, {
      onSuccess: () => {
        toast({
          title: 'Feedback enviado!',
          description: 'Muito obrigado pela sua opinião. Ela é muito importante para nós!',
          variant: 'success',
        });
        changeOpen(false);
      },
      onError: (error) => {
        if (isUnauthorized(error)) return;
        toast({ title: FAILURE_TITLE, description: errorText(error, FAILURE_TITLE), variant: 'destructive' });
      },
    });
  };

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Avalie o Planejador</DialogTitle>
          <DialogDescription>Sua opinião nos ajuda a melhorar a plataforma.</DialogDescription>
        </DialogHeader>
        <div className="flex flex-col items-center gap-2">
          <StarRating value={rating} onChange={setRating} onPreview={setHover} disabled={send.isPending} />
          <p className="text-sm font-medium" aria-live="polite">
            {RATING_WORDS[hover || rating]}
          </p>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="feedback-comment">Comentário (opcional)</Label>
          <Textarea
            id="feedback-comment"
            rows={4}
            maxLength={LIMITS.commentMax}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
            placeholder="Conte o que achou, o que podemos melhorar..."
            aria-describedby="feedback-comment-count"
            className="resize-none"
          />
          <p id="feedback-comment-count" className="text-right text-xs text-muted-foreground">
            {comment.length}/{LIMITS.commentMax} caracteres
          </p>
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => changeOpen(false)}>
            Cancelar
          </Button>
          {/* Without a rating the button is aria-disabled but stays focusable: a click explains why. */}
          <Button
            onClick={submit}
            disabled={send.isPending}
            aria-disabled={rating === 0 ? true : undefined}
            className={rating === 0 ? 'opacity-50' : undefined}
          >
            {send.isPending ? 'Enviando...' : 'Enviar Avaliação'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
