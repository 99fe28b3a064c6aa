import { cx } from '@/lib/cx';

export type AvatarProps = {
  name: string;
  imageUrl?: string | null;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  className?: string;
  /** Hidden from assistive technology (when the name is already said next to it). */
  decorative?: boolean;
};

const sizes = {
  sm: 'h-8 w-8 text-xs',
  md: 'h-10 w-10 text-sm',
  lg: 'h-14 w-14 text-lg',
  xl: 'h-24 w-24 text-2xl',
} as const;

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters =
    parts.length > 1 ? `${parts[0]?.[0] ?? ''}${parts.at(-1)?.[0] ?? ''}` : (parts[0]?.slice(0, 2) ?? '');
  return letters.toUpperCase() || '?';
}

/** The user's picture, or their initials when there is none. */
export function Avatar({ name, imageUrl, size = 'md', className, decorative = false }: AvatarProps) {
  const classes = cx(
    'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full',
    sizes[size],
    className,
  );
  if (imageUrl)
    return <img src={imageUrl} alt={decorative ? '' : name} className={cx(classes, 'object-cover')} />;
  const a11y = decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': name };
  return (
    <span {...a11y} className={cx(classes, 'bg-primary-100 font-semibold text-primary-900')}>
      {initials(name)}
    </span>
  );
}
