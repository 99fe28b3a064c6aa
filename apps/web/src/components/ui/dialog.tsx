import { X } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { cx } from '@/lib/cx';

/*
 * Where focus goes when a dialog or sheet opens and closes (WCAG 2.4.3): into the first field of
 * its body (or, with no field, the first button of its footer, e.g. Cancel), and back to the
 * control that opened it when it closes. Dialogs opened from a menu item (a row menu) go back to
 * the menu's button, the last focused control outside any menu.
 */
let lastFocusedOutsideMenus: HTMLElement | null = null;
if (typeof document !== 'undefined') {
  document.addEventListener(
    'focusin',
    (event) => {
      const target = event.target;
      if (target instanceof HTMLElement && !target.closest('[role="menu"],[role="listbox"]'))
        lastFocusedOutsideMenus = target;
    },
    true,
  );
}

function currentOpener(): HTMLElement | null {
  const active = document.activeElement;
  if (active instanceof HTMLElement && active !== document.body && !active.closest('[role="menu"]'))
    return active;
  return lastFocusedOutsideMenus;
}

/**
 * The opener, or the control that replaced it when its row re-rendered while the dialog was open
 * (same id, or same element and accessible name).
 */
function stillThere(element: HTMLElement): HTMLElement | null {
  if (element.isConnected) return element;
  if (element.id) return document.getElementById(element.id);
  const label = element.getAttribute('aria-label');
  if (!label) return null;
  return document.querySelector<HTMLElement>(`${element.localName}[aria-label="${CSS.escape(label)}"]`);
}

const FIELD =
  'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled]), [data-autofocus]';

/** The focus handlers of a Radix Dialog.Content: first field on open, the opener on close. */
export function usePanelFocus(open: boolean) {
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open) opener.current = currentOpener();
  }, [open]);
  return {
    onOpenAutoFocus: (event: Event) => {
      const panel = event.target;
      if (!(panel instanceof HTMLElement)) return;
      const first =
        panel.querySelector<HTMLElement>(`[data-panel-body] :is(${FIELD})`) ??
        panel.querySelector<HTMLElement>('[data-panel-footer] button:not([disabled])');
      if (!first) return; // Radix's default: the first focusable (the close button).
      event.preventDefault();
      first.focus();
    },
    onCloseAutoFocus: (event: Event) => {
      const target = opener.current && stillThere(opener.current);
      if (!target) return;
      event.preventDefault();
      target.focus();
    },
  };
}

export type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Required: names the dialog for assistive technology. */
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /** Buttons row at the bottom (right aligned). */
  footer?: ReactNode;
  /** Optional trigger element (rendered as is, e.g. a Button). */
  trigger?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
};

const widths = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-2xl' } as const;

/**
 * A modal dialog (Radix): focus is trapped, Escape and the close button close it; it opens on
 * its first field and gives focus back to its opener (usePanelFocus).
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  trigger,
  size = 'md',
}: DialogProps) {
  const focus = usePanelFocus(open);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger ? <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger> : null}
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-ink/40" />
        <RadixDialog.Content
          className={cx(
            'fixed top-1/2 left-1/2 z-50 flex max-h-[90vh] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col rounded-lg bg-surface shadow-xl',
            widths[size],
          )}
          {...(description ? {} : { 'aria-describedby': undefined })}
          {...focus}
        >
          <PanelHeader title={title} description={description} />
          <div className="overflow-y-auto px-5 py-4" data-panel-body>
            {children}
          </div>
          <PanelFooter>{footer}</PanelFooter>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** The header dialogs and sheets share: title, optional description and leading picture, close button. */
export function PanelHeader({
  title,
  description,
  leading,
}: {
  title: ReactNode;
  description?: ReactNode;
  leading?: ReactNode;
}) {
  return (
    <div className="flex items-start justify-between gap-4 border-b border-border px-5 py-4">
      <div className="flex min-w-0 items-center gap-3">
        {leading}
        <div className="min-w-0">
          <RadixDialog.Title className="text-lg font-semibold text-ink">{title}</RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className="mt-1 text-sm text-ink-muted">
              {description}
            </RadixDialog.Description>
          ) : null}
        </div>
      </div>
      <RadixDialog.Close
        className="-mr-2 rounded-md p-1.5 text-ink-muted hover:bg-muted hover:text-ink"
        aria-label="Close"
      >
        <X aria-hidden size={18} />
      </RadixDialog.Close>
    </div>
  );
}

/** The buttons row at the bottom of a dialog or sheet (right aligned), when there is one. */
export function PanelFooter({ children }: { children?: ReactNode }) {
  return children ? (
    <div className="flex flex-wrap justify-end gap-2 border-t border-border px-5 py-3" data-panel-footer>
      {children}
    </div>
  ) : null;
}
