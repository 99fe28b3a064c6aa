import { X } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { cx } from '../../lib/cx';

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

/** A modal dialog (Radix): focus is trapped, Escape and the close button close it. */
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
        >
          <PanelHeader title={title} description={description} />
          <div className="overflow-y-auto px-5 py-4">{children}</div>
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
    <div className="flex justify-end gap-2 border-t border-border px-5 py-3">{children}</div>
  ) : null;
}
