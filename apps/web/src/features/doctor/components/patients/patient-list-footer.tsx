import { formatCount, PAGE_GAP, PATIENT_LIST_SIZES, type Pagination, pageNumbers } from '@carepoint/contract';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { cx } from '@/lib/cx';

type FooterProps = {
  pagination: Pagination | undefined;
  limit: number;
  onLimitChange: (limit: number) => void;
  onPageChange: (page: number) => void;
};

/** The Patient List's footer: the Count selector, then Previous, numbered pages and Next. */
export function PatientListFooter({ pagination, limit, onLimitChange, onPageChange }: FooterProps) {
  const page = pagination?.page ?? 1;
  const totalPages = pagination?.totalPages ?? 1;
  const more = pagination?.totalIsLowerBound ?? false;
  const total = pagination ? `${formatCount(pagination.total)}${more ? '+' : ''}` : null;
  return (
    <div className="flex flex-wrap items-end justify-between gap-3 border-t border-border px-3 py-3">
      <div className="flex items-end gap-3">
        <Select
          label="Count"
          className="w-24"
          value={String(limit)}
          onChange={(event) => onLimitChange(Number(event.target.value))}
          options={PATIENT_LIST_SIZES.map((n) => ({ value: String(n), label: String(n) }))}
        />
        {total ? (
          <p className="pb-2 text-sm text-ink-muted">
            {total} patient{pagination?.total === 1 && !more ? '' : 's'}
          </p>
        ) : null}
      </div>
      <nav aria-label="Pagination" className="flex flex-wrap items-center gap-1">
        <Button
          variant="secondary"
          size="sm"
          disabled={pagination?.prevPage == null}
          onClick={() => pagination?.prevPage != null && onPageChange(pagination.prevPage)}
        >
          <ChevronLeft aria-hidden size={16} /> Previous
        </Button>
        <ul className="flex flex-wrap items-center gap-1">
          {pageNumbers(page, totalPages).map((item, i) =>
            item === PAGE_GAP ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own
              <li key={`gap-${i}`} aria-hidden className="px-1 text-sm text-ink-muted">
                …
              </li>
            ) : (
              <li key={item}>
                <button
                  type="button"
                  onClick={() => onPageChange(item)}
                  aria-label={`Page ${item}`}
                  aria-current={item === page ? 'page' : undefined}
                  className={cx(
                    'h-8 min-w-8 rounded-lg px-2 text-sm font-medium',
                    item === page ? 'bg-primary-700 text-white' : 'text-ink-soft hover:bg-muted',
                  )}
                >
                  {item}
                </button>
              </li>
            ),
          )}
          {more ? (
            <li aria-hidden className="px-1 text-sm text-ink-muted">
              …
            </li>
          ) : null}
        </ul>
        <Button
          variant="secondary"
          size="sm"
          disabled={pagination?.nextPage == null}
          onClick={() => pagination?.nextPage != null && onPageChange(pagination.nextPage)}
        >
          Next <ChevronRight aria-hidden size={16} />
        </Button>
      </nav>
    </div>
  );
}
