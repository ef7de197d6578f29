/** The app's single toaster (spec §9): one toast at a time, 5 s, F8 focuses the region. */
import { createToaster } from '@ark-ui/react/toast';

export const toaster = createToaster({
  // Bottom, above the 4rem navigation bar: at the top a toast sat on the back and settings buttons
  // for 5 s right after a save had navigated (the browser test caught it), and below the header
  // it covered the first card of the screen the owner had just been sent to.
  placement: 'bottom',
  offsets: {
    top: '1rem',
    right: '1rem',
    bottom: 'calc(4.75rem + env(safe-area-inset-bottom))',
    left: '1rem',
  },
  max: 1,
  duration: 5000,
  // Spec §9 constant: a dismissed toast is kept (hidden) this long before removal.
  removeDelay: 1_000_000,
  hotkey: ['F8'],
  gap: 8,
  // The 5 s run from when the toast shows, even while the owner has switched to another app.
  pauseOnPageIdle: false,
});

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

function show(options: Parameters<typeof toaster.create>[0]): string {
  // One at a time, replacing: `max: 1` alone would queue the next toast behind a dismissed one
  // for the whole removeDelay.
  currentId = null;
  toaster.remove();
  const id = toaster.create(options);
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
