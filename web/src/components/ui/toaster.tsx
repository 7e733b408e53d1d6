import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { LIMITS } from '@planejador/contracts';
import { dismissToast, useToasts, type ToastItem } from '@/lib/toast';
import { cn } from '@/lib/utils';

const variantClasses: Record<NonNullable<ToastItem['variant']>, string> = {
  default: 'border bg-popover text-popover-foreground',
  success: 'border border-success/40 bg-popover text-popover-foreground',
  destructive: 'border-destructive bg-destructive text-destructive-foreground',
};

/**
 * Radix Toast with its defaults: swipe right past 50 px dismisses, F8 focuses the region.
 * Duration 5000 ms (spec section 9); one toast at a time (lib/toast).
 */
export function Toaster() {
  const toasts = useToasts();
  return (
    <ToastPrimitive.Provider duration={LIMITS.toastDurationMs} swipeDirection="right" label="Notificação">
      {toasts.map((item) => (
        <ToastPrimitive.Root
          key={item.id}
          open={item.open}
          duration={item.duration}
          type={item.variant === 'destructive' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) dismissToast(item.id);
          }}
          className={cn(
            'group pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-lg p-4 pr-10 shadow-lg',
            'data-[state=open]:animate-toast-in data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)]',
            'data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)]',
            variantClasses[item.variant ?? 'default'],
          )}
        >
          <div className="grid flex-1 gap-1">
            {item.title ? <ToastPrimitive.Title className="text-sm font-semibold">{item.title}</ToastPrimitive.Title> : null}
            {item.description ? (
              <ToastPrimitive.Description className="text-sm">{item.description}</ToastPrimitive.Description>
            ) : null}
          </div>
          {item.action ? (
            <ToastPrimitive.Action
              altText={item.action.label}
              onClick={item.action.onClick}
              className="inline-flex h-8 shrink-0 items-center rounded-md border px-3 text-sm font-medium hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              {item.action.label}
            </ToastPrimitive.Action>
          ) : null}
          <ToastPrimitive.Close
            aria-label="Fechar notificação"
            className="absolute right-2 top-2 rounded-md p-1 opacity-80 hover:opacity-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <X className="size-4" aria-hidden="true" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        label="Notificações ({hotkey})"
        className="fixed bottom-0 right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none sm:max-w-[420px]"
      />
    </ToastPrimitive.Provider>
  );
}
