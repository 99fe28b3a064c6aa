import { Dialog as RadixDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { cx } from '@/lib/cx';
import { PanelFooter, PanelHeader, usePanelFocus } from './dialog';

export type SheetProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Required: names the sheet for assistive technology. */
  title: ReactNode;
  /** A line under the title (e.g. the record's kind). */
  description?: ReactNode;
  /** Shown left of the title (e.g. an avatar). */
  leading?: ReactNode;
  children: ReactNode;
  /** Buttons row at the bottom (right aligned). */
  footer?: ReactNode;
  size?: 'md' | 'lg';
};

const widths = { md: 'sm:max-w-lg', lg: 'sm:max-w-3xl' } as const;

/**
 * A side drawer (Radix Dialog) sliding from the right edge: focus is trapped, Escape and the
 * close button close it; full width on a phone. Its body scrolls, the header stays. Focus as
 * in Dialog: its first field on open, its opener on close.
 */
export function Sheet({
  open,
  onOpenChange,
  title,
  description,
  leading,
  children,
  footer,
  size = 'lg',
}: SheetProps) {
  const focus = usePanelFocus(open);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-ink/40" />
        <RadixDialog.Content
          className={cx(
            'fixed inset-y-0 right-0 z-50 flex w-full flex-col bg-surface shadow-xl',
            widths[size],
          )}
          {...(description ? {} : { 'aria-describedby': undefined })}
          {...focus}
        >
          <PanelHeader title={title} description={description} leading={leading} />
          <div className="flex-1 overflow-y-auto px-5 py-4" data-panel-body>
            {children}
          </div>
          <PanelFooter>{footer}</PanelFooter>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
