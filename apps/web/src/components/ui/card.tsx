import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from '@/lib/cx';

export type CardProps = Omit<ComponentPropsWithRef<'section'>, 'title'> & {
  title?: ReactNode;
  /** Right side of the card header (actions, links). */
  actions?: ReactNode;
  /** Remove the body padding (tables flush with the card edge). */
  flush?: boolean;
};

export function Card({ title, actions, flush = false, className, children, ...rest }: CardProps) {
  return (
    <section className={cx('rounded-lg border border-border bg-surface shadow-sm', className)} {...rest}>
      {title || actions ? (
        <header className="flex items-center justify-between gap-3 border-b border-border px-4 py-3">
          {title ? <h2 className="text-base font-semibold text-ink">{title}</h2> : <span />}
          {actions}
        </header>
      ) : null}
      <div className={flush ? undefined : 'p-4'}>{children}</div>
    </section>
  );
}
