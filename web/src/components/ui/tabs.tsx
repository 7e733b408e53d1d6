import {
  createContext,
  forwardRef,
  useCallback,
  useContext,
  useId,
  useState,
  type ButtonHTMLAttributes,
  type HTMLAttributes,
  type KeyboardEvent,
} from 'react';
import { cn } from '@/lib/utils';

/**
 * Tabs after the WAI-ARIA tabs pattern, with the API and the data-state attributes of Radix Tabs that the pages
 * used: a tablist of tab buttons (the selected one in the Tab order, the arrows, Home and End move and select, as
 * Radix's automatic activation does) and tabpanels named by their tab. Our own: it is on the sign-in page, and Radix
 * Tabs with its roving-focus and collection parts weighed about 8 KB gzip of a first visit (issue 19).
 */
interface TabsContextValue {
  baseId: string;
  value: string;
  select: (value: string) => void;
}

const TabsContext = createContext<TabsContextValue | null>(null);

function useTabs(part: string): TabsContextValue {
  const context = useContext(TabsContext);
  if (!context) throw new Error(`${part} precisa estar dentro de <Tabs>`);
  return context;
}

const triggerId = (baseId: string, value: string) => `${baseId}-tab-${value}`;
const contentId = (baseId: string, value: string) => `${baseId}-panel-${value}`;

interface TabsProps extends Omit<HTMLAttributes<HTMLDivElement>, 'defaultValue' | 'onChange'> {
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
}

export const Tabs = forwardRef<HTMLDivElement, TabsProps>(({ value, defaultValue, onValueChange, ...props }, ref) => {
  const baseId = useId();
  const [uncontrolled, setUncontrolled] = useState(defaultValue ?? '');
  const current = value ?? uncontrolled;
  const select = useCallback(
    (next: string) => {
      if (value === undefined) setUncontrolled(next);
      onValueChange?.(next);
    },
    [value, onValueChange],
  );
  return (
    <TabsContext.Provider value={{ baseId, value: current, select }}>
      <div ref={ref} {...props} />
    </TabsContext.Provider>
  );
});
Tabs.displayName = 'Tabs';

/** Arrow keys, Home and End: the next, previous, first or last enabled tab gets the focus and is selected. */
function moveBetweenTabs(event: KeyboardEvent<HTMLDivElement>): void {
  const keys = ['ArrowRight', 'ArrowLeft', 'Home', 'End'];
  if (!keys.includes(event.key) || event.altKey || event.ctrlKey || event.metaKey) return;
  const tabs = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not([disabled])')];
  if (!tabs.length) return;
  const from = tabs.indexOf(document.activeElement as HTMLButtonElement);
  const last = tabs.length - 1;
  const to =
    event.key === 'Home' ? 0 : event.key === 'End' ? last : event.key === 'ArrowRight' ? (from + 1) % tabs.length : from <= 0 ? last : from - 1;
  event.preventDefault();
  tabs[to].focus();
  tabs[to].click();
}

export const TabsList = forwardRef<HTMLDivElement, HTMLAttributes<HTMLDivElement>>(({ className, onKeyDown, ...props }, ref) => (
  <div
    ref={ref}
    role="tablist"
    aria-orientation="horizontal"
    className={cn('inline-flex h-10 items-center rounded-lg bg-muted p-1 text-muted-foreground', className)}
    onKeyDown={(event) => {
      onKeyDown?.(event);
      if (!event.defaultPrevented) moveBetweenTabs(event);
    }}
    {...props}
  />
));
TabsList.displayName = 'TabsList';

interface TabsTriggerProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  value: string;
}

export const TabsTrigger = forwardRef<HTMLButtonElement, TabsTriggerProps>(({ className, value, onClick, ...props }, ref) => {
  const tabs = useTabs('TabsTrigger');
  const selected = tabs.value === value;
  return (
    <button
      ref={ref}
      type="button"
      role="tab"
      id={triggerId(tabs.baseId, value)}
      aria-selected={selected}
      aria-controls={contentId(tabs.baseId, value)}
      data-state={selected ? 'active' : 'inactive'}
      tabIndex={selected ? 0 : -1}
      className={cn(
        'inline-flex flex-1 items-center justify-center whitespace-nowrap rounded-md px-3 py-1.5 text-sm font-medium transition-all',
        'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        'data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm',
        className,
      )}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented && !selected) tabs.select(value);
      }}
      {...props}
    />
  );
});
TabsTrigger.displayName = 'TabsTrigger';

interface TabsContentProps extends HTMLAttributes<HTMLDivElement> {
  value: string;
  /** Kept in the page while another tab is selected (styled by data-state), e.g. to keep a form's fields. */
  forceMount?: boolean;
}

export const TabsContent = forwardRef<HTMLDivElement, TabsContentProps>(({ className, value, forceMount, ...props }, ref) => {
  const tabs = useTabs('TabsContent');
  const selected = tabs.value === value;
  if (!selected && !forceMount) return null;
  return (
    <div
      ref={ref}
      role="tabpanel"
      id={contentId(tabs.baseId, value)}
      aria-labelledby={triggerId(tabs.baseId, value)}
      data-state={selected ? 'active' : 'inactive'}
      tabIndex={0}
      className={cn('mt-4 rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring', className)}
      {...props}
    />
  );
});
TabsContent.displayName = 'TabsContent';
