/**
 * The app's toasts (spec §9): one at a time, 5 s, F8 focuses the region. Where: above the bottom
 * navigation on the screens that have it, at the top otherwise (the page then moves down by the
 * toast's height, see src/ui/toaster.tsx), so a toast never covers a button (issue 14).
 */
import { type CreateToasterProps, createToaster } from '@ark-ui/react/toast';

const common: Omit<CreateToasterProps, 'placement' | 'offsets'> = {
  max: 1,
  duration: 5000,
  // Spec §9 constant: a dismissed toast is kept (hidden) this long before removal.
  removeDelay: 1_000_000,
  hotkey: ['F8'],
  gap: 8,
  // The 5 s run from when the toast shows, even while the owner has switched to another app.
  pauseOnPageIdle: false,
};

/** Screens with the bottom navigation (home, produtos, clientes, campanhas). */
export const bottomToaster = createToaster({
  ...common,
  placement: 'bottom',
  offsets: {
    top: '1rem',
    right: '1rem',
    bottom: 'calc(4.75rem + env(safe-area-inset-bottom))',
    left: '1rem',
  },
});

/** Every other screen: forms keep their buttons at the bottom, where a toast would sit on them. */
export const topToaster = createToaster({
  ...common,
  placement: 'top',
  offsets: {
    top: 'calc(0.75rem + env(safe-area-inset-top))',
    right: '1rem',
    bottom: '1rem',
    left: '1rem',
  },
});

const toasters = [bottomToaster, topToaster] as const;

/** The bottom bar of src/app/bottom-nav.tsx is on screen. */
function hasBottomBar(): boolean {
  return (
    typeof document !== 'undefined' &&
    document.querySelector('nav[aria-label="Navegação principal"]') !== null
  );
}

/** Every toast on screen, whichever toaster holds it. */
export const visibleToasts = () => toasters.flatMap((t) => t.getVisibleToasts());

/** Dismisses a toast by id (swipe or tap), whichever toaster holds it. */
export function dismissToast(id: string): void {
  for (const t of toasters) t.dismiss(id);
}

export function removeAllToasts(): void {
  for (const t of toasters) t.remove();
}

type Persistent = {
  title: string;
  description: string;
  action: { label: string; onClick: () => void };
};

// The update notice never auto-dismisses; a transient toast may take the single slot for a while,
// after which the notice comes back instead of being lost.
let persistent: Persistent | null = null;
/** The toast in the single slot: only its own dismissal may bring the notice back. */
let currentId: string | null = null;

function show(options: Parameters<typeof topToaster.create>[0]): string {
  // One at a time, replacing: `max: 1` alone would queue the next toast behind a dismissed one
  // for the whole removeDelay.
  currentId = null;
  removeAllToasts();
  const id = (hasBottomBar() ? bottomToaster : topToaster).create(options);
  currentId = id;
  return id;
}

function restorePersistent(): void {
  const notice = persistent;
  if (!notice) return;
  const id = show({
    title: notice.title,
    description: notice.description,
    type: 'info',
    duration: Number.POSITIVE_INFINITY,
    closable: true,
    action: {
      label: notice.action.label,
      onClick: () => {
        persistent = null;
        notice.action.onClick();
      },
    },
    onStatusChange: ({ status }) => {
      // Closed by the owner (not displaced by another toast): forget it.
      if (status === 'dismissing' && currentId === id) persistent = null;
    },
  });
}

function transient(type: 'success' | 'error' | 'info', title: string, description?: string) {
  const id = show({
    title,
    description,
    type,
    onStatusChange: ({ status }) => {
      if (status === 'dismissing' && currentId === id && persistent) {
        setTimeout(() => currentId === id && restorePersistent(), 300);
      }
    },
  });
}

export const toast = {
  success: (title: string, description?: string) => transient('success', title, description),
  error: (title: string, description?: string) => transient('error', title, description),
  info: (title: string, description?: string) => transient('info', title, description),
  /** A notice that stays until its action runs or the owner closes it (the update notice). */
  persistent: (notice: Persistent) => {
    persistent = notice;
    restorePersistent();
  },
};
