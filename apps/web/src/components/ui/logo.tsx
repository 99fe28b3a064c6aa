import { cx } from '@/lib/cx';

/** The CarePoint mark: a white cross on the primary colour. Decorative: pair it with the name. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden className={cx('h-8 w-8 shrink-0', className)}>
      <rect width="32" height="32" rx="8" className="fill-primary-700" />
      <path d="M13 7h6v6h6v6h-6v6h-6v-6H7v-6h6z" className="fill-white" />
    </svg>
  );
}

export function Logo({ className, nameClassName }: { className?: string; nameClassName?: string }) {
  return (
    <span className={cx('inline-flex items-center gap-2', className)}>
      <LogoMark />
      <span className={cx('text-lg font-bold tracking-tight text-ink', nameClassName)}>CarePoint</span>
    </span>
  );
}
