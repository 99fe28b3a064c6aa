import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

export type EmptyStateProps = {
  /** The spec's empty text, e.g. "No record found." */
  title: ReactNode;
  description?: ReactNode;
  icon?: LucideIcon;
  /** A call to action (e.g. an "Add" button). */
  action?: ReactNode;
};

export function EmptyState({ title, description, icon: Icon, action }: EmptyStateProps) {
  return (
    <div className="flex flex-col items-center justify-center gap-2 px-4 py-10 text-center">
      {Icon ? <Icon aria-hidden size={32} className="text-ink-muted" /> : null}
      <p className="text-sm font-medium text-ink-soft">{title}</p>
      {description ? <p className="max-w-sm text-sm text-ink-muted">{description}</p> : null}
      {action ? <div className="mt-2">{action}</div> : null}
    </div>
  );
}
