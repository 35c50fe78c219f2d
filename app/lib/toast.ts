// The one toast system (spec §8): messages at the top right that leave after 3 seconds.
export type ToastKind = "success" | "error" | "info";
export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

export const TOAST_MS = 3000;

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<(list: Toast[]) => void>();

function emit() {
  for (const listener of listeners) listener(toasts);
}

export function dismissToast(id: number) {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

export function showToast(message: string, kind: ToastKind = "success") {
  const id = nextId++;
  // the newest message replaces an identical one still on screen instead of stacking copies
  toasts = [...toasts.filter((t) => t.message !== message), { id, kind, message }].slice(-4);
  emit();
  setTimeout(() => dismissToast(id), TOAST_MS);
}

export const toast = {
  success: (message: string) => showToast(message, "success"),
  error: (message: string) => showToast(message, "error"),
  info: (message: string) => showToast(message, "info"),
};

export function subscribeToasts(listener: (list: Toast[]) => void): () => void {
  listeners.add(listener);
  listener(toasts);
  return () => listeners.delete(listener);
}
