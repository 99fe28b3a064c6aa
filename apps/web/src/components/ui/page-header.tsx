import type { ReactNode } from 'react';

export type PageHeaderProps = {
  title: ReactNode;
  description?: ReactNode;
  /** Primary actions on the right. */
  actions?: ReactNode;
  /**
   * 2 for a tab's title under a page that already has its h1 (a stay's tabs under the patient's
   * name): one h1 a page, so screen readers' heading lists show the page's structure.
   */
  level?: 1 | 2;
};

/** The title row at the top of a screen's main area. */
export function PageHeader({ title, description, actions, level = 1 }: PageHeaderProps) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div>
        <Heading
          className={level === 1 ? 'text-2xl font-semibold text-ink' : 'text-xl font-semibold text-ink'}
        >
          {title}
        </Heading>
        {description ? <p className="mt-1 text-sm text-ink-muted">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
    </div>
  );
}
