import { useSyncExternalStore } from 'react';

export interface ToastInput {
  title?: string;
  description?: string;
  variant?: 'default' | 'destructive' | 'success';
  action?: { label: string; onClick: () => void };
  duration?: number;
}

export interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

// One toast at a time (spec section 9): a new toast replaces the visible one.
const TOAST_LIMIT = 1;
const REMOVE_DELAY_MS = 300;

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(next: ToastItem[]): void {
  items = next;
  listeners.forEach((listener) => listener());
}

export function dismissToast(id: number): void {
  emit(items.map((item) => (item.id === id ? { ...item, open: false } : item)));
  // Keep it mounted briefly so Radix can play the exit.
  setTimeout(() => emit(items.filter((item) => item.id !== id)), REMOVE_DELAY_MS);
}

/** Shows a toast; callable from anywhere (query cache handlers included). */
export function toast(input: ToastInput): number {
  const id = nextId++;
  emit([{ ...input, id, open: true }, ...items].slice(0, TOAST_LIMIT));
  return id;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(subscribe, () => items, () => items);
}
